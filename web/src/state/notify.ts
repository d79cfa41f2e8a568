import { createStore } from './emitter.ts';

/** Global messages (spec §8 "alert or message box"): the client pushes, the shell's Toast shows. */
export interface Notice {
  id: number;
  severity: 'success' | 'info' | 'warn' | 'error';
  text: string;
  /** Milliseconds the toast stays; defaults per severity in the shell. */
  life?: number;
}

export const noticeStore = createStore<Notice | null>(null);
let seq = 0;

export function notify(severity: Notice['severity'], text: string, life?: number): void {
  seq += 1;
  noticeStore.set({ id: seq, severity, text, life });
}
export const notifyError = (text: string) => notify('error', text);
