import { ArrowRightLeft, Check, Pencil, Trash2, Users } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { editCount } from '../../../../shared/edits-elsewhere';
import type { ProfileView } from '../../../../shared/ipc/profiles';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useProfileDraft } from '../../stores/profile-draft';
import { useProfileActions, useProfiles } from '../../stores/profiles';
import { AddProfileForm, checkProfileName } from './AddProfileForm';

/** "2 edits not sent", or nothing. */
function unsentWords(profile: ProfileView): string | null {
  return profile.unsent === 0 ? null : `${editCount(profile.unsent)} not sent`;
}

function RenameForm({
  profile,
  taken,
  done,
}: {
  profile: ProfileView;
  taken: readonly string[];
  done: () => void;
}) {
  const rename = useProfileActions((state) => state.rename);
  const [name, setName] = useState(profile.name);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // The field replaces the Rename button that had the focus: it takes it over.
  useEffect(() => input.current?.select(), []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local = checkProfileName(name, taken);
    if (local !== null) {
      setError(local);
      return;
    }
    const problem = await rename(profile.id, name.trim());
    if (problem === null) done();
    else setError(problem.message);
  };
  return (
    <form className="profile-rename" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={id} className="visually-hidden">
        New name for {profile.name}
      </label>
      <input
        id={id}
        className="input"
        ref={input}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => event.key === 'Escape' && done()}
        aria-invalid={error !== null}
        aria-describedby={error === null ? undefined : `${id}-error`}
        data-testid="profile-rename-input"
      />
      <button type="submit" className="button">
        <Check size={14} aria-hidden="true" /> Save
      </button>
      <button type="button" className="button" onClick={done}>
        Cancel
      </button>
      {error !== null && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * The named service profiles: which one is shown, each one's address and edits not sent, and
 * the ways to switch, rename, remove and add one. A switch needs no network; a removal asks
 * first, naming the edits that would go with it.
 */
export function ProfilesSection() {
  const profiles = useProfiles();
  const { busy, switchTo, remove } = useProfileActions();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ProfileView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const draft = useProfileDraft((state) => state.draft);
  if (profiles === null) return null;
  const namesBut = (id: string | null) =>
    profiles.filter((profile) => profile.id !== id).map((profile) => profile.name);

  const act = async (change: () => Promise<{ message: string } | null>) => {
    setProblem(null);
    const failed = await change();
    if (failed !== null) setProblem(failed.message);
  };

  return (
    <section className="settings-section" aria-labelledby="settings-profiles">
      <h2 id="settings-profiles">
        <Users size={16} aria-hidden="true" /> Profiles
      </h2>
      <p className="muted">
        Each profile is a service with its own key and its own offline copy. Switching needs no
        network, and edits stay with the profile they were made in.
      </p>
      {problem !== null && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      {profiles.length > 0 && (
        <ul className="profile-list" data-testid="profile-list">
          {profiles.map((profile) => (
            <li
              key={profile.id}
              className="profile-row"
              data-testid="profile-row"
              data-active={profile.active}
            >
              {renaming === profile.id ? (
                <RenameForm
                  profile={profile}
                  taken={namesBut(profile.id)}
                  done={() => setRenaming(null)}
                />
              ) : (
                <div className="profile-facts">
                  <span className="profile-name" data-testid="profile-name">
                    {profile.name}
                  </span>
                  {profile.active && <span className="badge">Shown now</span>}
                  {profile.url !== profile.name && (
                    <span className="muted profile-url">{profile.url}</span>
                  )}
                  {unsentWords(profile) !== null && (
                    <span className="profile-unsent">{unsentWords(profile)}</span>
                  )}
                </div>
              )}
              {renaming !== profile.id && (
                <div className="profile-actions">
                  {!profile.active && (
                    <button
                      type="button"
                      className="button"
                      aria-disabled={busy !== null}
                      onClick={() => busy === null && void act(() => switchTo(profile.id))}
                      data-testid="profile-switch"
                    >
                      <ArrowRightLeft size={14} aria-hidden="true" /> Switch
                    </button>
                  )}
                  <button
                    type="button"
                    className="button"
                    aria-label={`Rename ${profile.name}`}
                    onClick={() => setRenaming(profile.id)}
                  >
                    <Pencil size={14} aria-hidden="true" /> Rename
                  </button>
                  {!profile.active && (
                    <button
                      type="button"
                      className="button"
                      aria-label={`Remove ${profile.name}`}
                      onClick={() => setRemoving(profile)}
                      data-testid="profile-remove"
                    >
                      <Trash2 size={14} aria-hidden="true" /> Remove…
                    </button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        testId="remove-profile-dialog"
        title={`Remove “${removing?.name ?? ''}”?`}
        description="Its offline copy and its key are deleted from this computer. The service keeps its own data."
        cancelLabel="Keep it"
        confirmLabel="Remove"
        confirmTone="danger"
        busy={busy !== null}
        onConfirm={() => {
          const profile = removing;
          setRemoving(null);
          if (profile !== null) void act(() => remove(profile.id));
        }}
      >
        {removing !== null && removing.unsent > 0 && (
          <p className="form-error" data-testid="remove-profile-unsent">
            {editCount(removing.unsent)} not sent to {removing.url}{' '}
            {removing.unsent === 1 ? 'is' : 'are'} deleted with it.
          </p>
        )}
      </ConfirmDialog>
      <h3>Add a profile</h3>
      <AddProfileForm key={draft?.offer ?? 0} taken={namesBut(null)} />
    </section>
  );
}
