/** The browser's DOMPurify, bound to this window and configured once by the shared pipeline. */
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

let instance: Purifier | null = null;

export function purifier(): Purifier {
  instance ??= DOMPurify(window);
  return instance;
}
