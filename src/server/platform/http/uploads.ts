import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * The one uploaded file of a multipart request as bytes: a missing file names the field, a file
 * over `maxBytes` is a 413 with the given message.
 */
export async function readUploadedFile(
  request: FastifyRequest,
  params: { field: string; maxBytes: number; missingMessage: string; tooLargeMessage: string },
): Promise<Buffer> {
  const file = await request
    .file({ limits: { fileSize: params.maxBytes, files: 1 } })
    .catch(() => undefined);
  if (!file) {
    throw new AppError('VALIDATION_FAILED', params.missingMessage, {
      fields: [{ field: params.field, message: params.missingMessage }],
    });
  }
  return file.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', params.tooLargeMessage);
    }
    throw error;
  });
}
