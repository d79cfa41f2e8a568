/**
 * An uploaded file as received (multipart, spooled to a temporary file): the body parser makes
 * it, actions hand it on, and the commands that store files read it. Its own module under
 * storage/ so that commands need nothing from http/.
 */
export interface UploadedFile {
  field: string;
  filepath: string;
  originalFilename: string;
  mimetype: string;
  size: number;
}
