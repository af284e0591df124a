/** 文件存储 (SPEC 7 File storage, under /system/oss) and downloads of stored files. */
import { downloadFile } from './download';
import { get, post, type ApiResult, type ListResult } from './request';

export interface OssFile {
  id: number;
  fileName: string;
  originalName: string;
  fileSuffix: string;
  mimeType: string;
  size: number;
  sha256: string;
  /** 'local' or the configKey of the store holding it. */
  service: string;
  ownerRef: string | null;
  createdBy: number | null;
  createdByName: string | null;
  createdAt: string;
  /** /api/file/download/<id> */
  url: string;
}

export interface OssConfig {
  ossConfigId: number;
  configKey: string;
  endpoint: string | null;
  region: string | null;
  bucketName: string | null;
  prefix: string | null;
  accessKey: string | null;
  /** The secret itself is never sent back. */
  hasSecret: boolean;
  /** '0' in use. */
  status: '0' | '1';
  /** New files go here (the local disk, id 0, when no configuration is in use). */
  inUse: boolean;
  fileCount: number;
  remark: string | null;
  createdAt: string | null;
}

export type OssQuery = {
  pageNum: number;
  pageSize: number;
  fileName?: string;
  originalName?: string;
  fileSuffix?: string;
  service?: string;
  beginTime?: string;
  endTime?: string;
};

export type OssConfigInput = Pick<OssConfig, 'configKey'> & Partial<Pick<OssConfig, 'endpoint' | 'region' | 'bucketName' | 'prefix' | 'accessKey' | 'remark'>> & {
  ossConfigId?: number;
  /** Blank on update keeps the stored one. */
  secretKey?: string | null;
};

/** 文件列表 GET /system/oss/list */
export const listOss = (q: OssQuery) => get<ListResult<OssFile>>('/system/oss/list', q);

/** 存储配置列表 GET /system/oss/config */
export const listOssConfigs = () => get<ApiResult<OssConfig[]>>('/system/oss/config');

/** 新增存储配置 POST /system/oss/save，修改 POST /system/oss/update（ossConfigId > 0） */
export const saveOssConfig = (c: OssConfigInput) =>
  post<ApiResult<OssConfig>>(c.ossConfigId && c.ossConfigId > 0 ? '/system/oss/update' : '/system/oss/save', c);

/** 选择使用的存储 POST /system/oss/saveConfig（0 为本地磁盘） */
export const chooseOssConfig = (ossConfigId: number) => post<ApiResult<unknown>>('/system/oss/saveConfig', { ossConfigId });

/** 删除文件 POST /system/oss/remove?ids= */
export const removeOss = (ids: number[]) => post<ApiResult<unknown>>('/system/oss/remove', undefined, { params: { ids: ids.join(',') } });

/** 下载文件 GET /file/download/{ossId} */
export const downloadOss = (ossId: number, fallbackName?: string) => downloadFile(`/file/download/${ossId}`, undefined, fallbackName);
