/**
 * Light or dark page: the player's own choice, kept in this browser, or
 * else what the system prefers (`prefers-color-scheme`), followed live.
 * The choice lands on `<html data-theme>`, which styles.css reads.
 */
import { useEffect, useState } from 'react';

export type ThemeChoice = 'system' | 'light' | 'dark';

const STORAGE_KEY = 'pbw.theme';
const prefersDark = () => window.matchMedia('(prefers-color-scheme: dark)');

function storedChoice(): ThemeChoice {
  const stored = localStorage.getItem(STORAGE_KEY);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

function apply(choice: ThemeChoice): void {
  const dark = choice === 'dark' || (choice === 'system' && prefersDark().matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

/** Before the first render, so that a dark page never flashes light. */
export function applyStoredTheme(): void {
  apply(storedChoice());
}

export function useTheme(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const [choice, setChoice] = useState<ThemeChoice>(storedChoice);
  useEffect(() => {
    apply(choice);
    if (choice !== 'system') return;
    const media = prefersDark();
    const follow = () => apply('system');
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, [choice]);
  const choose = (next: ThemeChoice) => {
    if (next === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, next);
    setChoice(next);
  };
  return [choice, choose];
}
