import type { ReactNode } from 'react';
import {
  AppstoreOutlined, AuditOutlined, BranchesOutlined, FileAddOutlined, BankOutlined, BarChartOutlined, BellOutlined, BookOutlined, CheckSquareOutlined,
  ClusterOutlined, ContainerOutlined, DashboardOutlined, DatabaseOutlined, DesktopOutlined, FileDoneOutlined,
  FileSearchOutlined, FileTextOutlined, FolderOutlined, FormOutlined, HomeOutlined, IdcardOutlined, LinkOutlined,
  LockOutlined, MailOutlined, PrinterOutlined, ProfileOutlined, ReadOutlined, SafetyCertificateOutlined,
  ScheduleOutlined, SearchOutlined, SettingOutlined, SolutionOutlined, SwapOutlined, TableOutlined, TeamOutlined,
  ToolOutlined, UserOutlined, WarningOutlined,
} from '@ant-design/icons';

/** Menu icon names (ant-design-vue style 'dashboard' or React style 'DashboardOutlined') → icon. */
const ICONS: Record<string, ReactNode> = {
  appstore: <AppstoreOutlined />,
  audit: <AuditOutlined />,
  bank: <BankOutlined />,
  'bar-chart': <BarChartOutlined />,
  bell: <BellOutlined />,
  book: <BookOutlined />,
  'check-square': <CheckSquareOutlined />,
  cluster: <ClusterOutlined />,
  container: <ContainerOutlined />,
  dashboard: <DashboardOutlined />,
  database: <DatabaseOutlined />,
  desktop: <DesktopOutlined />,
  'file-done': <FileDoneOutlined />,
  'file-add': <FileAddOutlined />,
  branches: <BranchesOutlined />,
  'file-search': <FileSearchOutlined />,
  'file-text': <FileTextOutlined />,
  file: <FileTextOutlined />,
  folder: <FolderOutlined />,
  form: <FormOutlined />,
  home: <HomeOutlined />,
  idcard: <IdcardOutlined />,
  link: <LinkOutlined />,
  lock: <LockOutlined />,
  mail: <MailOutlined />,
  message: <MailOutlined />,
  printer: <PrinterOutlined />,
  profile: <ProfileOutlined />,
  read: <ReadOutlined />,
  'safety-certificate': <SafetyCertificateOutlined />,
  safety: <SafetyCertificateOutlined />,
  schedule: <ScheduleOutlined />,
  search: <SearchOutlined />,
  setting: <SettingOutlined />,
  system: <SettingOutlined />,
  solution: <SolutionOutlined />,
  swap: <SwapOutlined />,
  table: <TableOutlined />,
  team: <TeamOutlined />,
  tool: <ToolOutlined />,
  user: <UserOutlined />,
  warning: <WarningOutlined />,
};

export function menuIcon(name?: string | null): ReactNode {
  if (!name) return undefined;
  const key = name
    .replace(/(Outlined|Filled|TwoTone)$/, '')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase();
  return ICONS[key] ?? ICONS[name] ?? undefined;
}
