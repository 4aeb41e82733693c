import { PROOF_FILE_NAME, type ProofPackage } from '@contracts';
import { looksLikeZip, readZip, type ZipEntry } from './zip';
import { parseProofPackage, verifyProofPackage, type StepOutcome, type VerifyOptions } from './verify';

/** One record found among the files given: its proof (null when proof.json is unreadable) and the outcome of each step. */
export interface RecordVerdict {
  /** Where its proof.json was ('proof.json', or '<folder>/proof.json' in a batch package). */
  source: string;
  proof: ProofPackage | null;
  steps: StepOutcome[];
  ok: boolean;
}

/** A file given to the verifier: its bytes, or only a way to hash it (an evidence file too large to read whole). */
export type GivenFile = ZipEntry | { name: string; bytes?: undefined; sha256: () => Promise<string> };

const folderOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : '');
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * The files of a package, however they were given: a zip is opened (its entries keep their folders), other files
 * count by name. Throws ZipReadError for a broken zip.
 */
export async function expandFiles(files: readonly GivenFile[]): Promise<GivenFile[]> {
  const out: GivenFile[] = [];
  for (const file of files) {
    if (file.bytes && file.name.toLowerCase().endsWith('.zip') && looksLikeZip(file.bytes)) out.push(...(await readZip(file.bytes)));
    else out.push(file);
  }
  return out;
}

/**
 * Finds every proof.json among the files and verifies its record: the evidence file is the one proof.json names in
 * its own folder, or (files picked one by one) the file of that name. Empty when no proof.json was given.
 */
export async function verifyFiles(files: readonly GivenFile[], options: VerifyOptions = {}): Promise<RecordVerdict[]> {
  const all = await expandFiles(files);
  const verdicts: RecordVerdict[] = [];
  for (const source of all.filter((f): f is ZipEntry => baseName(f.name) === PROOF_FILE_NAME && f.bytes !== undefined)) {
    const proof = parseProofPackage(new TextDecoder().decode(source.bytes));
    if (!proof) {
      verdicts.push({ source: source.name, proof: null, steps: [], ok: false });
      continue;
    }
    const wanted = folderOf(source.name) + proof.file.path;
    const file =
      all.find((f) => f.name === wanted) ??
      (folderOf(source.name) === '' ? all.find((f) => baseName(f.name) === baseName(proof.file.path) && f !== source) : undefined);
    const steps = await verifyProofPackage(proof, file ? (file.bytes ?? { sha256: file.sha256 }) : null, options);
    verdicts.push({ source: source.name, proof, steps, ok: steps.every((s) => s.ok) });
  }
  return verdicts;
}
