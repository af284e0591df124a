import { App, Avatar, Dropdown, Space, type ButtonProps, type MenuProps } from 'antd';
import {
  BarChartOutlined,
  FilePdfOutlined,
  LinkOutlined,
  LockOutlined,
  LogoutOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import LanguageSwitch from '@/components/LanguageSwitch';
import { useAccess } from '@/app/useAccess';
import { useSession } from '@/app/session';
import { usePublicSettings } from '@/app/publicSettings';
import { greetingKey } from '@/app/greeting';
import { filePreview } from '@/services/generated/api';
import { useCurrentUser } from '@/store/user';
import NoticeIcon from './NoticeIcon';
import ActionLink from '@/components/ActionLink';

/** Opens GET /file/preview?name=guide as a PDF in a new window. */
export async function openGuide(onError: (msg: string) => void): Promise<void> {
  const win = window.open('', '_blank');
  try {
    const blob = await filePreview({ name: 'guide' });
    const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
    if (win) win.location.href = url;
    else window.open(url, '_blank');
  } catch (e) {
    win?.close();
    onError((e as { msg?: string })?.msg ?? '');
  }
}

/** Header right side: links, notifications, language, welcome line and user menu (SPEC 2). */
export default function RightContent({ dark }: { dark: boolean }) {
  const { t } = useTranslation('shell');
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const access = useAccess();
  const session = useSession();
  const settings = usePublicSettings();
  const color = dark ? 'rgba(255,255,255,0.85)' : 'rgba(0,0,0,0.75)';
  const linkStyle = {
    color,
    padding: '0 8px',
    whiteSpace: 'nowrap' as const,
    display: 'inline-flex',
    alignItems: 'center',
    gap: 4,
  };

  const confirmLogout = () => {
    modal.confirm({
      title: t('logout.title'),
      content: t('logout.content'),
      okText: t('logout.ok'),
      cancelText: t('logout.cancel'),
      okButtonProps: { 'data-testid': 'logout-confirm-ok' } as ButtonProps,
      onOk: () => session.logout(),
    });
  };

  const items: MenuProps['items'] = [
    {
      key: 'updatePwd',
      icon: <LockOutlined />,
      label: <span data-testid="menu-update-pwd">{t('user.updatePwd')}</span>,
    },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="menu-logout">{t('user.logout')}</span> },
  ];

  const displayName = user?.name || user?.userName || '';
  const welcome = t('welcome', { greeting: t(`greeting.${greetingKey()}`), name: displayName });

  return (
    <Space size={0} style={{ height: '100%', color }} data-testid="header-right">
      {access.canSeeGuide ? (
        <ActionLink
          style={linkStyle}
          title={t('header.guide')}
          onClick={() => void openGuide((msg) => void message.error(msg || t('header.guideFailed')))}
          data-testid="link-guide"
        >
          <FilePdfOutlined />
          <span className="sc-link-text">{t('header.guide')}</span>
        </ActionLink>
      ) : null}
      {access.canSeeAnalysis ? (
        <Link to="/dashboard/Analysis" style={linkStyle} title={t('header.analysis')} data-testid="link-analysis">
          <BarChartOutlined />
          <span className="sc-link-text">{t('header.analysis')}</span>
        </Link>
      ) : null}
      {settings?.oldPlatformUrl ? (
        <a
          href={settings.oldPlatformUrl}
          target="_blank"
          rel="noopener noreferrer"
          style={linkStyle}
          title={t('header.oldPlatform')}
          data-testid="link-old-platform"
        >
          <LinkOutlined />
          <span className="sc-link-text">{t('header.oldPlatform')}</span>
        </a>
      ) : null}
      <NoticeIcon color={color} />
      <LanguageSwitch style={{ color }} labelClassName="sc-link-text" />
      <Dropdown
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'updatePwd') void navigate('/system/updatePwd');
            if (key === 'logout') confirmLogout();
          },
        }}
        placement="bottomRight"
      >
        <span data-testid="user-menu" style={{ ...linkStyle, cursor: 'pointer', paddingRight: 12 }}>
          <Avatar
            size="small"
            src={user?.avatar || undefined}
            icon={<UserOutlined />}
            style={{ backgroundColor: '#1890FF' }}
          />
          {/* Below 1680 px only the name (the greeting stays on the workbench and in the title). */}
          <span data-testid="welcome-line" className="sc-welcome" title={welcome}>
            <span className="sc-welcome-full">{welcome}</span>
            <span className="sc-welcome-name">{displayName}</span>
          </span>
        </span>
      </Dropdown>
    </Space>
  );
}
