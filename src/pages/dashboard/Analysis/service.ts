import { get, type ApiResult } from '@/services/request';

export interface MonthBar {
  /** YYYY-MM */
  x: string;
  y: number;
}

/** 近12个月发证数量 GET /analysis/month-bar */
export const getMonthBar = () => get<ApiResult<MonthBar[]>>('/analysis/month-bar');
