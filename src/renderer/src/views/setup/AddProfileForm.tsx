import { Plus } from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
} from 'react';
import { profileNameSchema } from '../../../../shared/ipc/profiles';
import { splitShareLink, useProfileDraft } from '../../stores/profile-draft';
import { useProfileActions, type ProfileField } from '../../stores/profiles';
import { checkConnectInput } from './connect-validation';

type Errors = Partial<Record<ProfileField, string>>;

/** The name, or why it cannot be one; `taken`: the names other profiles have. */
export function checkProfileName(name: string, taken: readonly string[]): string | null {
  const parsed = profileNameSchema.safeParse(name);
  if (!parsed.success) return `The name ${parsed.error.issues[0]?.message ?? 'is not valid'}.`;
  const lower = parsed.data.toLocaleLowerCase();
  const same = taken.find((other) => other.toLocaleLowerCase() === lower);
  return same === undefined ? null : `A profile is already named “${same}”.`;
}

/**
 * A new profile: a name, the service's address and its key, checked here with the contract's
 * rules, then by main against the service. Like the connect form, the key field is write-only
 * and emptied after each attempt. Nothing is switched: the profile is added to the list.
 */
export function AddProfileForm({ taken }: { taken: readonly string[] }) {
  const add = useProfileActions((state) => state.add);
  const busy = useProfileActions((state) => state.busy);
  const draft = useProfileDraft((state) => state.draft);
  const [name, setName] = useState(draft?.name ?? '');
  const [baseUrl, setBaseUrl] = useState(draft?.baseUrl ?? '');
  const [key, setKey] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const keyField = useRef<HTMLInputElement>(null);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    baseUrl: useRef<HTMLInputElement>(null),
    key: keyField,
  };
  const id = useId();
  // Made anew for each share offered from "Shares nearby" (its `key` in ProfilesSection): its
  // name and address are filled in, and the key, which only its laptop shows, is typed next.
  useEffect(() => {
    if (draft === null) return;
    keyField.current?.scrollIntoView({ block: 'center' });
    keyField.current?.focus();
  }, [draft]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy !== null) return;
    setAdded(null);
    setFormError(null);
    const nameError = checkProfileName(name, taken);
    const check = checkConnectInput(baseUrl, key);
    const found: Errors = {
      ...(nameError === null ? {} : { name: nameError }),
      ...(check.ok ? {} : check.errors),
    };
    const first = (['name', 'baseUrl', 'key'] as const).find((field) => found[field] !== undefined);
    setErrors(found);
    if (first !== undefined || !check.ok) {
      if (first !== undefined) refs[first].current?.focus();
      return;
    }
    const problem = await add(name.trim(), check.baseUrl, check.key);
    setKey('');
    if (problem === null) {
      setAdded(`Added “${name.trim()}”. Switch to it to see its data.`);
      setName('');
      setBaseUrl('');
      return;
    }
    if (problem.field === null) setFormError(problem.message);
    else {
      setErrors({ [problem.field]: problem.message });
      refs[problem.field].current?.focus();
    }
  };

  const field = (
    name_: ProfileField,
    label: string,
    input: Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>,
  ) => (
    <div className="field">
      <label htmlFor={`${id}-${name_}`}>{label}</label>
      <input
        ref={refs[name_]}
        id={`${id}-${name_}`}
        className="input"
        spellCheck={false}
        aria-invalid={errors[name_] !== undefined}
        aria-describedby={errors[name_] === undefined ? undefined : `${id}-${name_}-error`}
        data-testid={`profile-${name_}`}
        {...input}
      />
      {errors[name_] !== undefined && (
        <p
          className="field-error"
          id={`${id}-${name_}-error`}
          data-testid={`profile-${name_}-error`}
        >
          {errors[name_]}
        </p>
      )}
    </div>
  );
  const edited = (name_: ProfileField) => setErrors((shown) => ({ ...shown, [name_]: undefined }));

  return (
    <form
      className="connect-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      data-testid="add-profile"
    >
      {formError !== null && (
        <p className="form-error" role="alert" data-testid="add-profile-error">
          {formError}
        </p>
      )}
      {field('name', 'Name', {
        type: 'text',
        placeholder: 'Practice',
        autoComplete: 'off',
        value: name,
        onChange: (event) => {
          setName(event.target.value);
          edited('name');
        },
      })}
      {field('baseUrl', 'Service URL', {
        type: 'url',
        inputMode: 'url',
        placeholder: 'https://pitside.example.org',
        value: baseUrl,
        onChange: (event) => {
          // A share's link carries its key too: both fields from one paste.
          const link = splitShareLink(event.target.value);
          setBaseUrl(link?.baseUrl ?? event.target.value);
          if (link !== null) setKey(link.key);
          edited('baseUrl');
        },
      })}
      {field('key', 'API key', {
        type: 'password',
        autoComplete: 'off',
        value: key,
        onChange: (event) => {
          setKey(event.target.value);
          edited('key');
        },
      })}
      <div>
        <button type="submit" className="button" aria-disabled={busy !== null}>
          <Plus size={14} aria-hidden="true" />
          {busy === 'add' ? 'Checking the service…' : 'Add profile'}
        </button>
      </div>
      {added !== null && (
        <p className="inline-status" role="status" data-testid="profile-added">
          {added}
        </p>
      )}
    </form>
  );
}
