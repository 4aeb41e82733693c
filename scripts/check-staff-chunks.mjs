// The staff console must stay out of what public and user pages load. From Vite's manifest of the
// build (`vite build --manifest`), the console's chunks are the lazy entries of src/pages/staff/ and the console's
// layout; from the app's entry and from every other lazy entry (each public or user page), the static imports must
// reach none of them, nor any chunk that holds the console's calls or its transport. Run after the build.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dist = join(import.meta.dirname, '../dist/web');
const manifestFile = join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error('check-staff-chunks: dist/web/.vite/manifest.json is missing; build with `npx vite build --manifest` first');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

/** Strings only the console's code holds: its calls and its auth scheme (the transport). */
const MARKERS = [
  '/staff/me',
  '/staff/logout',
  '/staff/login/enrol',
  '/staff/admin/',
  '/staff/kyc/',
  '/staff/notary/',
  '/staff/invoices/',
  '/staff/orders/',
  '`Staff`',
  '"Staff"',
];
const isConsole = (key) => key.startsWith('src/pages/staff/') || key === 'src/app/routes/staff-layout.tsx';

const fileText = new Map();
const markersIn = (key) => {
  const file = manifest[key].file;
  if (!fileText.has(file)) fileText.set(file, readFileSync(join(dist, file), 'utf8'));
  return MARKERS.filter((marker) => fileText.get(file).includes(marker));
};
const closure = (key, seen = new Set()) => {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) closure(next, seen);
  return seen;
};

const consoleEntries = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && isConsole(key));
const consoleFiles = new Set(consoleEntries.map((key) => manifest[key].file));
const others = Object.keys(manifest).filter((key) => manifest[key].isEntry || (manifest[key].isDynamicEntry && !isConsole(key)));
const problems = [];
if (consoleEntries.length === 0) problems.push('no lazy entry of src/pages/staff/ in the manifest');
if (!consoleEntries.some((key) => [...closure(key)].some((k) => markersIn(k).length))) {
  problems.push("the console's chunks hold none of the markers: they no longer match the code");
}
for (const key of others) {
  for (const reached of closure(key)) {
    if (consoleFiles.has(manifest[reached].file)) problems.push(`${key} loads the console's ${manifest[reached].file}`);
    const found = markersIn(reached);
    if (found.length) problems.push(`${key} loads ${manifest[reached].file}, which holds ${found.join(', ')}`);
  }
}
if (problems.length) {
  console.error(`check-staff-chunks: the staff console leaks into public or user pages:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `check-staff-chunks: the entry and ${others.length - 1} public and user pages load none of the console's ${consoleEntries.length} lazy chunks`,
);
