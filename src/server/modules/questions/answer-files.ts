import type { FastifyRequest } from 'fastify';
import { QUESTION_LIMITS, QUESTION_MESSAGES } from '../../../contracts/questions';
import { AppError } from '../../platform/http/errors';
import type { FileStore } from '../../platform/storage/storage';

// A file answered to a "file upload" question (a CV, a student card). Its kind is read from the
// first bytes, never from the name or the type the browser sent; the store names it at random,
// so its link is unguessable, like every other upload (decision 017).
const SIGNATURES: [string, (b: Buffer) => boolean][] = [
  ['pdf', (b) => b.subarray(0, 5).toString('latin1') === '%PDF-'],
  [
    'png',
    (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  ],
  ['jpg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  [
    'webp',
    (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  ],
];

export const answerFileKind = (data: Buffer): string | null =>
  SIGNATURES.find(([, matches]) => matches(data))?.[0] ?? null;

const invalid = (message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: [{ field: 'file', message }] });

/** Reads the multipart field "file", checks it and stores it: its link and its name. */
export async function storeAnswerFile(
  request: FastifyRequest,
  files: FileStore,
): Promise<{ url: string; name: string }> {
  const file = await request
    .file({ limits: { fileSize: QUESTION_LIMITS.fileBytes, files: 1 } })
    .catch(() => undefined);
  if (!file || file.fieldname !== 'file') throw invalid(QUESTION_MESSAGES.fileMissing);
  const data = await file.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', QUESTION_MESSAGES.fileTooLarge);
    throw error;
  });
  if (!data.length) throw invalid(QUESTION_MESSAGES.fileMissing);
  const kind = answerFileKind(data);
  if (!kind) throw invalid(QUESTION_MESSAGES.fileType);
  const url = await files.put('answers', kind, data);
  const name = (file.filename || `file.${kind}`).replace(/\p{Cc}/gu, '').slice(0, 200);
  return { url, name };
}
