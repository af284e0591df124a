/** Uploads for the whole product: PDF, JPG or PNG up to the configured size (10 MB by default). */
import { post, type ApiResult } from './request';

export interface UploadedFile {
  ossId: number;
  originalName: string;
  size: number;
  mimeType: string;
  /** /api/file/download/<ossId> */
  url: string;
}

export const UPLOAD_ACCEPT = '.pdf,.jpg,.jpeg,.png';
export const DEFAULT_MAX_UPLOAD_MB = 10;

/** Whether the name ends with an extension the server accepts (the server checks the content too). */
export const acceptedName = (name: string) => /\.(pdf|jpe?g|png)$/i.test(name);

/** 上传文件 POST /file/upload（multipart：file，可选 ownerRef） */
export function uploadFile(file: File, ownerRef?: string) {
  const form = new FormData();
  if (ownerRef) form.append('ownerRef', ownerRef);
  form.append('file', file, file.name);
  return post<ApiResult<UploadedFile>>('/file/upload', form);
}
