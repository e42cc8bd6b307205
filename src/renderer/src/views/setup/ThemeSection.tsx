import { Palette } from 'lucide-react';
import type { Theme } from '../../../../shared/ipc/setup';
import { usePreferences } from '../../stores/preferences';

const THEME_CHOICES: readonly { theme: Theme; title: string }[] = [
  { theme: 'system', title: 'System' },
  { theme: 'light', title: 'Light' },
  { theme: 'dark', title: 'Dark' },
];

/** System, light or dark; applied at once, kept by main. */
export function ThemeSection() {
  const theme = usePreferences((state) => state.theme);
  const setTheme = usePreferences((state) => state.setTheme);
  const error = usePreferences((state) => state.error);
  return (
    <section className="settings-section" aria-labelledby="settings-theme">
      <h2 id="settings-theme">
        <Palette size={16} aria-hidden="true" /> Theme
      </h2>
      <div
        className="choice-list inline"
        role="radiogroup"
        aria-labelledby="settings-theme"
        aria-describedby="settings-theme-detail"
        data-testid="theme-choice"
      >
        {THEME_CHOICES.map((choice) => (
          <label className="choice" key={choice.theme}>
            <input
              type="radio"
              name="theme"
              value={choice.theme}
              checked={theme === choice.theme}
              onChange={() => void setTheme(choice.theme)}
            />
            <span className="choice-title">{choice.title}</span>
          </label>
        ))}
      </div>
      <p className="muted" id="settings-theme-detail">
        System follows your operating system’s light or dark setting.
      </p>
      {error !== null && (
        <p className="form-error" role="alert">
          Could not keep the theme: {error}
        </p>
      )}
    </section>
  );
}
