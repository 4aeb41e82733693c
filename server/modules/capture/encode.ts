import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface RecordedFrame {
  /** File name inside the session's frames folder. */
  file: string;
  /** Milliseconds since the recording started. */
  t: number;
}

/** Output frame rate: the screencast only sends frames when the screen changes, ffmpeg repeats them between. */
const FPS = 10;

/**
 * The ffconcat list that shows each frame until the next one (and the last until the end), so the video's
 * timeline is the session's: a frame that stayed on screen 4 s is 4 s long in the video.
 */
export function concatList(frames: RecordedFrame[], endMs: number): string {
  const lines = ['ffconcat version 1.0'];
  frames.forEach((frame, i) => {
    const next = frames[i + 1]?.t ?? endMs;
    lines.push(`file '${frame.file}'`, `duration ${(Math.max(next - frame.t, 1) / 1000).toFixed(3)}`);
  });
  // The concat demuxer ignores the last entry's duration unless the file is named once more.
  const last = frames.at(-1);
  if (last) lines.push(`file '${last.file}'`);
  return `${lines.join('\n')}\n`;
}

/**
 * Encodes the recorded JPEG frames into a WebM (VP8, realtime settings: a session encodes in a fraction of
 * its length on two cores). Rejects with ffmpeg's last words when it fails or runs past `timeoutMs`.
 */
export async function encodeWebm(
  ffmpeg: string,
  framesDir: string,
  frames: RecordedFrame[],
  endMs: number,
  output: string,
  timeoutMs: number,
): Promise<void> {
  if (frames.length === 0) throw new Error('no frames recorded');
  const list = join(framesDir, 'frames.ffconcat');
  await writeFile(list, concatList(frames, endMs));
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-vf',
    `fps=${FPS},scale=trunc(iw/2)*2:trunc(ih/2)*2,format=yuv420p`,
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-b:v',
    '1M',
    '-threads',
    '2',
    '-an',
    output,
  ];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = `${stderr}${chunk.toString()}`.slice(-2000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg ${signal ? `killed (${signal})` : `exited ${code}`}: ${stderr.trim()}`));
    });
  });
}
