import { useState } from 'react';
import { Modal } from '../ui/Modal';
import type { ConsentCategory } from './consent-cookie';

type Props = {
  initial: readonly ConsentCategory[];
  onSave(categories: readonly ConsentCategory[]): void;
  onClose(): void;
};

const OPTIONS: ReadonlyArray<{ category: ConsentCategory; label: string; text: string }> = [
  {
    category: 'targeting',
    label: 'Targeting cookies',
    text: 'Set by our advertising partners to measure our adverts and show you relevant ones on other sites.',
  },
  {
    category: 'analytics',
    label: 'Analytics cookies',
    text: 'Tell us how the site is used, so we can fix what is confusing. They also power our help chat.',
  },
];

/** More Settings: functional cookies are always on; targeting and analytics are toggles, both on by default. */
export function CookieSettingsDialog({ initial, onSave, onClose }: Props) {
  const [chosen, setChosen] = useState<ConsentCategory[]>([...initial]);
  const toggle = (category: ConsentCategory) =>
    setChosen((current) => (current.includes(category) ? current.filter((c) => c !== category) : [...current, category]));

  return (
    <Modal title="Cookie settings" onClose={onClose} className="cookie-settings">
      <p>Choose which cookies we may use. You can change your mind at any time from the link at the foot of every page.</p>
      <ul className="cookie-settings__list">
        <li>
          <label className="switch">
            <input type="checkbox" role="switch" checked disabled />
            <span className="switch__label">Functional cookies (always on)</span>
          </label>
          <p>Needed for the site to work: they remember your cookie choice and keep you signed in.</p>
        </li>
        {OPTIONS.map((option) => (
          <li key={option.category}>
            <label className="switch">
              <input
                type="checkbox"
                role="switch"
                name={option.category}
                checked={chosen.includes(option.category)}
                onChange={() => toggle(option.category)}
              />
              <span className="switch__label">{option.label}</span>
            </label>
            <p>{option.text}</p>
          </li>
        ))}
      </ul>
      <button type="button" className="button" onClick={() => onSave(chosen)}>
        Agree &amp; Close
      </button>
    </Modal>
  );
}
