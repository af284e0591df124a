/** A failure the user should read: HTTP status tells the class, msg says it in words. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly field?: string,
    public readonly code: number = statusCode,
    /** Extra detail the client acts on (e.g. needCaptcha). */
    public readonly data?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string, field?: string) => new AppError(400, msg, field);
export const unauthorized = (msg = '授权过期') => new AppError(401, msg);
export const forbidden = (msg = '没有权限，请联系管理员授权') => new AppError(403, msg);
export const notFound = (msg = '记录不存在') => new AppError(404, msg);
export const conflict = (msg: string) => new AppError(409, msg);
/** An optimistic version check failed: someone saved the record since the caller read it. */
export const STALE_VERSION = '数据已被他人更新，请刷新后重试';
export const tooMany = (msg: string) => new AppError(429, msg);
