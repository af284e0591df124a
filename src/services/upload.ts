/** Uploads for the whole product: PDF, JPG or PNG up to the configured size (10 MB by default). */
import { fileUpload } from './generated/api';

export const UPLOAD_ACCEPT = '.pdf,.jpg,.jpeg,.png';
export const DEFAULT_MAX_UPLOAD_MB = 10;

/** Whether the name ends with an extension the server accepts (the server checks the content too). */
export const acceptedName = (name: string) => /\.(pdf|jpe?g|png)$/i.test(name);

/**
 * 上传文件（multipart：file，可选 ownerRef）. The document declares the route without a body
 * (the server reads the multipart stream), so the form goes in as the call's `form` option.
 */
export function uploadFile(file: File, ownerRef?: string) {
  const form = new FormData();
  if (ownerRef) form.append('ownerRef', ownerRef);
  form.append('file', file, file.name);
  return fileUpload({ form });
}
