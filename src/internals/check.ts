/**
 * The upstream check of the seams (./seams.ts): every upstream file a seam
 * mirrors or relies on must be byte for byte one that a maintainer verified
 * the seam against (./upstream.json, by content hash, with the versions it
 * was seen in). Anything else (a new Docusaurus or search plugin release that
 * changed the file, a file that moved) is a problem that names the seam, the
 * file and what to do. The build fails on it (./plugin.ts); `npm run seams`
 * prints the same report and records a re-checked file with `--accept`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {SEAMS, type Seam, type UpstreamFile} from './seams';
import {compareVersions, installedVersion, packageDir} from '../config/docusaurusVersion';

export const VERIFIED_FILE = 'src/internals/upstream.json';

/** sha256 of an upstream file's relevant part → the package versions it was verified in. */
export type Verified = Record<string, Record<string, string[]>>;

export interface SeamProblem {
  seam: Seam;
  file: string;
  /** Why the file doesn't match: missing, or changed (with its new hash). */
  problem: 'missing' | 'changed';
  hash?: string;
  installed: string;
  verifiedIn: string[];
}

/** The package a node_modules path belongs to: "@docusaurus/core/lib/x.js" → "@docusaurus/core". */
export const packageOf = (file: string): string =>
  file
    .split('/')
    .slice(0, file.startsWith('@') ? 2 : 1)
    .join('/');

export function packageVersion(name: string, siteDir: string): string {
  try {
    return installedVersion(name, siteDir);
  } catch {
    return 'not installed';
  }
}

/** The part of an upstream file a seam relies on (the whole file, or what `pick` matches), or undefined when it is gone. */
export function upstreamText(upstream: UpstreamFile, siteDir: string): string | undefined {
  const dir = packageDir(packageOf(upstream.file), siteDir);
  const full = dir && path.join(dir, upstream.file.slice(packageOf(upstream.file).length + 1));
  if (!full || !fs.existsSync(full)) return undefined;
  const text = fs.readFileSync(full, 'utf8').replace(/\r\n/g, '\n');
  if (!upstream.pick) return text;
  const match = new RegExp(upstream.pick).exec(text);
  return match ? match[0] : undefined;
}

export const hashOf = (text: string): string => crypto.createHash('sha256').update(text).digest('hex').slice(0, 16);

/** The key of an upstream entry in ./upstream.json: its file, plus the part picked from it. */
export const upstreamKey = (upstream: UpstreamFile): string => (upstream.pick ? `${upstream.file} (${upstream.pickName ?? 'part'})` : upstream.file);

/** The verified upstream files of the site in `siteDir` (./upstream.json there). */
export function readVerified(siteDir: string, file: string = path.join(siteDir, VERIFIED_FILE)): Verified {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Verified) : {};
}

/** Every seam whose upstream files are not ones it was verified against. */
export function checkSeams(siteDir: string, seams: readonly Seam[] = SEAMS, verified: Verified = readVerified(siteDir)): SeamProblem[] {
  const problems: SeamProblem[] = [];
  for (const seam of seams) {
    for (const upstream of seam.upstream) {
      const key = upstreamKey(upstream);
      const known = verified[key] ?? {};
      const verifiedIn = [...new Set(Object.values(known).flat())];
      const installed = packageVersion(packageOf(upstream.file), siteDir);
      const text = upstreamText(upstream, siteDir);
      if (text === undefined) {
        problems.push({seam, file: key, problem: 'missing', installed, verifiedIn});
        continue;
      }
      const hash = hashOf(text);
      if (!known[hash]) problems.push({seam, file: key, problem: 'changed', hash, installed, verifiedIn});
    }
  }
  return problems;
}

/** The report of the problems: one paragraph per seam, naming its files and what to do. */
export function formatProblems(problems: readonly SeamProblem[]): string {
  const bySeam = new Map<string, SeamProblem[]>();
  for (const p of problems) bySeam.set(p.seam.id, [...(bySeam.get(p.seam.id) ?? []), p]);
  const parts = [...bySeam.values()].map((list) => {
    const {seam} = list[0]!;
    const lines = list.map((p) => {
      const seen = p.verifiedIn.length ? `verified in ${p.verifiedIn.join(', ')}` : 'never verified';
      return p.problem === 'missing'
        ? `  - ${p.file} is gone (or no longer holds what the seam relies on) in ${packageOf(p.file)} ${p.installed}; ${seen}.`
        : `  - ${p.file} changed in ${packageOf(p.file)} ${p.installed} (content ${p.hash}); ${seen}.`;
    });
    return [
      `Seam "${seam.id}" (${seam.what}):`,
      ...lines,
      `  It lives in ${seam.ours.join(', ')}. Compare the upstream file with what the seam expects (src/internals/README.md), adapt the seam, then record the file: npm run seams -- --accept ${seam.id}`,
    ].join('\n');
  });
  return `${problems.length} upstream file(s) that this site's seams rely on are not the ones they were verified against:\n\n${parts.join('\n\n')}`;
}

/**
 * Records the upstream files of the given seams, as installed for the site in
 * `siteDir`, as verified, in `verifiedFile` (by default that site's own
 * ./upstream.json; npm run seams -- --site lets a rehearsal's install be recorded here).
 */
export function acceptSeams(
  siteDir: string,
  ids: readonly string[] | 'all',
  seams: readonly Seam[] = SEAMS,
  verifiedFile: string = path.join(siteDir, VERIFIED_FILE),
): string[] {
  const verified = readVerified(siteDir, verifiedFile);
  const recorded: string[] = [];
  for (const seam of seams) {
    if (ids !== 'all' && !ids.includes(seam.id)) continue;
    for (const upstream of seam.upstream) {
      const text = upstreamText(upstream, siteDir);
      if (text === undefined)
        throw new Error(
          `Cannot accept seam "${seam.id}": ${upstreamKey(upstream)} is missing. Change the seam's upstream list in src/internals/seams.ts first.`,
        );
      const key = upstreamKey(upstream);
      const version = packageVersion(packageOf(upstream.file), siteDir);
      const hashes = (verified[key] ??= {});
      const versions = (hashes[hashOf(text)] ??= []);
      if (!versions.includes(version)) {
        versions.push(version);
        versions.sort(compareVersions);
        recorded.push(`${key} @ ${version}`);
      }
    }
  }
  const sorted = Object.fromEntries(Object.entries(verified).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(verifiedFile, `${JSON.stringify(sorted, null, 2)}\n`);
  return recorded;
}
