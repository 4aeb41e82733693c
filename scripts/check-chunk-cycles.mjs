// Static imports between the web build's chunks must not form a cycle: when one does, the chunk evaluated second
// reads the first one's bindings before they exist ("x is not a function" at load, shown as the route error
// page), depending on which page the visitor opens first. Reads Vite's manifest (`vite build --manifest`).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const manifestFile = join(import.meta.dirname, '../dist/web/.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error('check-chunk-cycles: dist/web/.vite/manifest.json is missing; build with `npx vite build --manifest` first');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

/** Chunk file -> the chunk files it imports statically. */
const graph = new Map();
for (const chunk of Object.values(manifest)) {
  if (!chunk.file.endsWith('.js')) continue;
  const targets = (chunk.imports ?? []).map((key) => manifest[key]?.file).filter(Boolean);
  graph.set(chunk.file, new Set([...(graph.get(chunk.file) ?? []), ...targets]));
}

// Tarjan's strongly connected components: any component of two or more chunks (or a chunk importing itself) is a cycle.
let index = 0;
const indexOf = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function visit(file) {
  indexOf.set(file, index);
  low.set(file, index);
  index++;
  stack.push(file);
  onStack.add(file);
  for (const next of graph.get(file) ?? []) {
    if (!indexOf.has(next)) {
      visit(next);
      low.set(file, Math.min(low.get(file), low.get(next)));
    } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), indexOf.get(next)));
  }
  if (low.get(file) !== indexOf.get(file)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== file);
  if (component.length > 1 || graph.get(file)?.has(file)) cycles.push(component);
}
for (const file of graph.keys()) if (!indexOf.has(file)) visit(file);

if (cycles.length > 0) {
  console.error('check-chunk-cycles: chunks that import each other (vite.config.ts codeSplitting groups):');
  for (const cycle of cycles) console.error(`  ${cycle.join(' <-> ')}`);
  process.exit(1);
}
console.log(`check-chunk-cycles: ${graph.size} chunks, no import cycle`);
