import { get, post, request, type ApiResult } from './request';

export type UserType = '00' | '02' | '03' | '04';

export interface EnterpriseInfo {
  enterpriseId: number | string;
  name: string;
  enterpriseOwnership: '1' | '2' | '3';
}

export interface PermissionEntry {
  permissionId: string;
  actionList: string[];
}

/** The session user (SPEC 3) as GET /system/user/getLoginUser returns it. */
export interface LoginUser {
  userId: number | string;
  userName: string;
  name: string;
  avatar?: string | null;
  welcome?: string | null;
  roleIds: string[];
  buttons?: string[] | null;
  permissions?: PermissionEntry[] | null;
  info: {
    userType: UserType;
    loginName: string;
    area?: '1' | '2' | '3' | 'all' | null;
    enterpriseInfo?: EnterpriseInfo | null;
  };
  mustChangePassword?: boolean;
  passwordExpired?: boolean;
}

/** 当前用户 GET /system/user/getLoginUser */
export const getLoginUser = () => get<ApiResult<LoginUser>>('/system/user/getLoginUser');

/** 退出登录 POST /login/logout (data: id-token hint or null) */
export const logout = () => post<ApiResult<string | null>>('/login/logout', undefined, { isLogin: true });

/** 统一认证登录 POST /auth/sso/login?t= (data: token) */
export const ssoLogin = (t: string) =>
  post<ApiResult<string | null>>('/auth/sso/login', undefined, { params: { t }, isLogin: true });

/** 修改密码 POST /system/user/updatepwd */
export const updatePassword = (body: { oldPassword: string; newPassword: string }) =>
  post<ApiResult<unknown>>('/system/user/updatepwd', body);

/** 操作指南 GET /file/preview?name=guide (PDF blob) */
export const previewGuide = () =>
  request<Blob>({ url: '/file/preview', method: 'GET', params: { name: 'guide' }, responseType: 'blob' });

export interface PublicSettings {
  production: boolean;
  oldPlatformUrl: string;
  oldExamUrl: string;
  ssoEndSessionUrl: string | null;
  skapiHost: string | null;
  smsResendSeconds: number;
}

/** 公共设置 GET /public/settings */
export const getPublicSettings = () => get<ApiResult<PublicSettings>>('/public/settings', undefined, { isLogin: true });
