import { diffArrays } from 'diff';

/**
 * Line-based three-way merge (diff3). `mine` and `theirs` both descend from `base`; a region
 * changed on one side only takes that side, the same change on both sides is taken once, and
 * different changes to the same region are a conflict (marked git-style in `text`).
 */
export interface MergeResult {
  clean: boolean;
  text: string;
  conflicts: number;
}

function lines(text: string): string[] {
  return text === '' ? [] : text.split(/(?<=\n)/);
}

/** For each base line, the index of the same line in `other` (or -1), along a longest common subsequence. */
function matchBase(base: string[], other: string[]): Int32Array {
  const map = new Int32Array(base.length).fill(-1);
  let b = 0;
  let o = 0;
  for (const part of diffArrays(base, other)) {
    const n = part.count ?? part.value.length;
    if (part.added) o += n;
    else if (part.removed) b += n;
    else for (let x = 0; x < n; x++) map[b++] = o++;
  }
  return map;
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

export function merge3(base: string, mine: string, theirs: string, labels = { mine: 'local', theirs: 'server' }): MergeResult {
  if (mine === theirs) return { clean: true, text: mine, conflicts: 0 };
  if (mine === base) return { clean: true, text: theirs, conflicts: 0 };
  if (theirs === base) return { clean: true, text: mine, conflicts: 0 };
  const O = lines(base);
  const A = lines(mine);
  const B = lines(theirs);
  const mapA = matchBase(O, A);
  const mapB = matchBase(O, B);
  const out: string[] = [];
  let conflicts = 0;
  let i = 0;
  let j = 0;
  let k = 0;
  for (;;) {
    // A stable run: base lines both sides kept in place.
    while (i < O.length && mapA[i] === j && mapB[i] === k) {
      out.push(O[i]!);
      i++;
      j++;
      k++;
    }
    // The next base line both sides kept marks the end of the changed region.
    let i2 = i;
    while (i2 < O.length && (mapA[i2] === -1 || mapB[i2] === -1)) i2++;
    const j2 = i2 < O.length ? mapA[i2]! : A.length;
    const k2 = i2 < O.length ? mapB[i2]! : B.length;
    // Nothing left between here and the next stable line: only possible at the very end.
    if (i2 === i && j2 === j && k2 === k) break;
    const o = O.slice(i, i2);
    const a = A.slice(j, j2);
    const b = B.slice(k, k2);
    if (same(a, o)) out.push(...b);
    else if (same(b, o) || same(a, b)) out.push(...a);
    else {
      conflicts++;
      const nl = (chunk: string[]) => (chunk.length && !chunk[chunk.length - 1]!.endsWith('\n') ? '\n' : '');
      out.push(`<<<<<<< ${labels.mine}\n`, ...a, nl(a), '=======\n', ...b, nl(b), `>>>>>>> ${labels.theirs}\n`);
    }
    i = i2;
    j = j2;
    k = k2;
  }
  return { clean: conflicts === 0, text: out.join(''), conflicts };
}
