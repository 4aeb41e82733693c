/**
 * `npm run bench`: prints the figures of DESIGN.md section 9 (first-visit weight per route, API throughput
 * and p99, upload speed against raw SHA-256 and server memory during a 1 GB upload) and web captures per minute. It never fails on a figure; the exit code is non-zero only when a section could not run.
 *   npm run bench                      every section
 *   npm run bench -- api first-visit   only the sections with these ids
 *   npm run bench -- --build           rebuild the web app first (otherwise built only when dist/web is missing)
 *   BENCH_SECONDS=10                   measuring time of each load test (default 5)
 *   BENCH_DATABASE_URL=postgres://...  also measure the API on PostgreSQL
 * A new benchmark is one more module in scripts/bench/ and one more entry below.
 */
import { embeddedApiSection, postgresApiSection } from './bench/api';
import { apiHotSection } from './bench/api-hot';
import { captureSection } from './bench/capture';
import { firstVisitSection } from './bench/first-visit';
import { lighthouseSection } from './bench/lighthouse';
import { runSections, type BenchSection } from './bench/lib/runner';
import { uploadSection } from './bench/upload';

const sections: BenchSection[] = [
  firstVisitSection,
  lighthouseSection,
  embeddedApiSection,
  postgresApiSection,
  apiHotSection,
  uploadSection,
  captureSection,
];

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 120) {
  console.error(`BENCH_SECONDS must be a number of seconds between 0 and 120, not ${process.env.BENCH_SECONDS}`);
  process.exit(2);
}

const args = process.argv.slice(2);
const wanted = args.filter((arg) => !arg.startsWith('--'));
const unknown = wanted.filter((id) => !sections.some((section) => section.id === id));
if (unknown.length > 0) {
  console.error(`unknown section(s): ${unknown.join(', ')}; known: ${sections.map((s) => s.id).join(', ')}`);
  process.exit(2);
}
const chosen = wanted.length === 0 ? sections : sections.filter((section) => wanted.includes(section.id));

const code = await runSections(chosen, { seconds, forceBuild: args.includes('--build') });
process.exit(code);
