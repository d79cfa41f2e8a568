import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

let instance: DOMPurify | null = null;

/** A DOMPurify bound to a jsdom window, for sanitising in Node (server, CLI, exporters). Built lazily: jsdom is slow to load. */
export function getNodePurify(): DOMPurify {
  instance ??= createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
  return instance;
}
