/** Request and answer shapes of the file-storage calls (SPEC 7 File storage, uploads). */
import { z } from 'zod';
import { pageQuery } from '../../../lib/reply.js';
import { id, idOrZero, optionalText, text } from '../../../lib/schemas.js';

export const ossRow = z.object({
  id: z.number(),
  fileName: z.string(),
  originalName: z.string(),
  fileSuffix: z.string(),
  mimeType: z.string(),
  size: z.number(),
  sha256: z.string(),
  service: z.string().describe("存储位置：'local' 本地磁盘或存储配置的 configKey"),
  ownerRef: z.string().nullable(),
  createdBy: z.number().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601'),
  url: z.string(),
});

export const ossListQuery = pageQuery.extend({
  fileName: optionalText(255, '文件名'),
  originalName: optionalText(255, '原文件名'),
  fileSuffix: optionalText(16, '文件后缀'),
  service: optionalText(16, '服务商'),
  ownerRef: optionalText(64, '归属对象'),
});

export const ossConfigRow = z.object({
  ossConfigId: z.number(),
  configKey: z.string(),
  endpoint: z.string().nullable(),
  region: z.string().nullable(),
  bucketName: z.string().nullable(),
  prefix: z.string().nullable(),
  accessKey: z.string().nullable(),
  hasSecret: z.boolean().describe('已保存密钥（密钥本身从不返回）'),
  status: z.string().describe("'0' 使用中，'1' 未使用"),
  inUse: z.boolean().describe('新文件存入此处（status 为 0；本地磁盘在没有其他配置使用时）'),
  fileCount: z.number(),
  remark: z.string().nullable(),
  createdAt: z.string().nullable().describe('ISO 8601；本地磁盘（ossConfigId 0）为空'),
});

const opt = (max: number, label: string) => z.string().trim().max(max, `${label}不能超过${max}个字符`).nullish();

export const ossConfigBody = z.object({
  ossConfigId: idOrZero('配置编号').optional(),
  configKey: text(16, '配置名称', { min: 1 }).regex(
    /^[a-z][a-z0-9_-]*$/,
    '配置名称只能包含小写字母、数字、下划线和短横线，并以字母开头',
  ),
  endpoint: text(200, '访问站点')
    .regex(
      /^$|^(https?:\/\/)?[A-Za-z0-9{}._-]+(:\d{1,5})?(\/[\w./-]*)?$/,
      '访问站点格式不正确，如 https://minio.example.com:9000 或 https://{bucket}.oss-cn-guangzhou.aliyuncs.com',
    )
    .nullish(),
  region: opt(64, '区域'),
  bucketName: text(100, '桶名称')
    .regex(/^$|^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, '桶名称格式不正确（3-63 位小写字母、数字、点和短横线）')
    .nullish(),
  prefix: text(100, '前缀')
    .regex(/^$|^[\w-]+(\/[\w-]+)*$/, '前缀只能包含字母、数字、下划线、短横线和 /')
    .nullish(),
  accessKey: opt(200, 'AccessKey'),
  secretKey: opt(200, 'SecretKey').describe('修改时留空表示不变'),
  remark: text(500, '备注', { multiline: true }).nullish(),
});
export type OssConfigBody = z.infer<typeof ossConfigBody>;
export const ossConfigUpdateBody = ossConfigBody.extend({
  ossConfigId: id('配置编号', { invalid: '修改时配置编号 ossConfigId 应为 1 到 2147483647 之间的整数' }),
});

export const saveConfigBody = z.object({
  ossConfigId: idOrZero('存储配置', { missing: '请选择要使用的存储配置', invalid: '请选择要使用的存储配置' }).describe(
    '0 表示使用本地磁盘',
  ),
});

export const uploadResult = z.object({
  ossId: z.number(),
  originalName: z.string(),
  size: z.number(),
  mimeType: z.string(),
  url: z.string(),
});
