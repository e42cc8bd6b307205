import { rename, rm, writeFile } from 'node:fs/promises';

/**
 * Replaces a file whole: written beside it and renamed over it, so a crash leaves the old text
 * or the new one, never half of either. (The app state's saveAppState does the same for its file.)
 */
export async function writeFileAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, text, { flush: true });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
