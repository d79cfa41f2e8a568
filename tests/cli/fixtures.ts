import type { TestServer } from '../helpers/server.ts';

/** Posts a raw body exactly as given (ShowDoc's shell scripts interpolate values without encoding). */
export async function postRaw(
  t: TestServer,
  path: string,
  body: string,
  contentType = 'application/x-www-form-urlencoded',
): Promise<{ status: number; text: string; headers: Headers }> {
  const res = await t.fetch(path, { method: 'POST', headers: { 'Content-Type': contentType }, body });
  return { status: res.status, text: await res.text(), headers: res.headers };
}
