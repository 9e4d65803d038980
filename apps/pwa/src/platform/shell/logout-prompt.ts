import { useSyncExternalStore } from 'react';

/**
 * The logout dialog's state (LogoutDialog.tsx): sending pending writes first, then, when some could not be
 * sent, asking whether to discard them.
 */
export interface LogoutPromptState {
  phase: 'idle' | 'flushing' | 'confirm';
  unsynced: number;
}

let state: LogoutPromptState = { phase: 'idle', unsynced: 0 };
let answer: ((discard: boolean) => void) | null = null;
const listeners = new Set<() => void>();

function set(next: LogoutPromptState) {
  state = next;
  for (const listener of listeners) listener();
}

export function showFlushing(): void {
  set({ phase: 'flushing', unsynced: state.unsynced });
}

export function hideLogoutPrompt(): void {
  set({ phase: 'idle', unsynced: 0 });
}

/** Resolves true when the person chose 'Discard and log out', false for 'Stay signed in'. */
export function askToDiscard(unsynced: number): Promise<boolean> {
  answer?.(false);
  set({ phase: 'confirm', unsynced });
  return new Promise((resolve) => {
    answer = (discard) => {
      answer = null;
      hideLogoutPrompt();
      resolve(discard);
    };
  });
}

export function answerLogoutPrompt(discard: boolean): void {
  if (answer) answer(discard);
  else hideLogoutPrompt();
}

export function useLogoutPrompt(): LogoutPromptState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
