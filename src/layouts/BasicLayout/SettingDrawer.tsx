import { useState } from 'react';
import { App, Button, Divider, Drawer, List, Radio, Switch, Tooltip, Typography } from 'antd';
import { CheckOutlined, CopyOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { COLOR_LIST, updateSettings, useLayoutSettings, type LayoutSettings } from '@/app/settings';

/** The settings text the copy button puts on the clipboard. */
export function settingsSnippet(s: LayoutSettings): string {
  return `export default ${JSON.stringify(s, null, 2)}\n`;
}

/** Settings drawer (only outside production): the nine settings of SPEC 3, persisted under pro__settings. */
export default function SettingDrawer() {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const settings = useLayoutSettings();
  const [open, setOpen] = useState(false);

  const changeColor = (color: string) => {
    if (color === settings.primaryColor) return;
    const hide = message.loading(t('settings.changingTheme'), 0);
    window.setTimeout(() => {
      updateSettings({ primaryColor: color });
      window.setTimeout(hide, 300);
    }, 10);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(settingsSnippet(settings));
      void message.success(t('settings.copied'));
    } catch {
      void message.error(t('settings.copyFailed'));
    }
  };

  const sw = (key: keyof LayoutSettings, label: string, disabled = false) => (
    <List.Item
      actions={[
        <Switch
          key={key}
          size="small"
          checked={!!settings[key]}
          disabled={disabled}
          onChange={(v) => updateSettings({ [key]: v })}
          data-testid={`setting-${key}`}
        />,
      ]}
    >
      {label}
    </List.Item>
  );

  return (
    <>
      <Button
        type="primary"
        icon={<SettingOutlined />}
        onClick={() => setOpen(true)}
        style={{ position: 'fixed', right: 0, top: 240, zIndex: 999, borderRadius: '4px 0 0 4px' }}
        data-testid="settings-open"
        aria-label={t('settings.title')}
      />
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        width={300}
        title={t('settings.title')}
        data-testid="settings-drawer"
      >
        <Typography.Title level={5}>{t('settings.navTheme')}</Typography.Title>
        <Radio.Group value={settings.navTheme} onChange={(e) => updateSettings({ navTheme: e.target.value })}>
          <Radio.Button value="dark">{t('settings.dark')}</Radio.Button>
          <Radio.Button value="light">{t('settings.light')}</Radio.Button>
        </Radio.Group>

        <Typography.Title level={5} style={{ marginTop: 24 }}>
          {t('settings.primaryColor')}
        </Typography.Title>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          {COLOR_LIST.map((c) => (
            <Tooltip key={c.color} title={t(`settings.colors.${c.key}`)}>
              <span
                onClick={() => changeColor(c.color)}
                data-testid={`setting-color-${c.color}`}
                style={{
                  width: 20,
                  height: 20,
                  borderRadius: 2,
                  background: c.color,
                  cursor: 'pointer',
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  color: '#fff',
                  fontSize: 12,
                }}
              >
                {settings.primaryColor.toUpperCase() === c.color.toUpperCase() ? <CheckOutlined /> : null}
              </span>
            </Tooltip>
          ))}
        </div>

        <Divider />
        <Typography.Title level={5}>{t('settings.layout')}</Typography.Title>
        <Radio.Group value={settings.layout} onChange={(e) => updateSettings({ layout: e.target.value })}>
          <Radio.Button value="sidemenu">{t('settings.sidemenu')}</Radio.Button>
          <Radio.Button value="topmenu">{t('settings.topmenu')}</Radio.Button>
        </Radio.Group>
        <List split={false} style={{ marginTop: 12 }}>
          <List.Item
            actions={[
              <Radio.Group
                key="cw"
                size="small"
                value={settings.contentWidth}
                onChange={(e) => updateSettings({ contentWidth: e.target.value })}
              >
                <Radio.Button value="Fluid">{t('settings.fluid')}</Radio.Button>
                <Radio.Button value="Fixed" disabled={settings.layout === 'sidemenu'}>
                  {t('settings.fixed')}
                </Radio.Button>
              </Radio.Group>,
            ]}
          >
            {t('settings.contentWidth')}
          </List.Item>
          {sw('fixedHeader', t('settings.fixedHeader'))}
          {sw('autoHideHeader', t('settings.autoHideHeader'), !settings.fixedHeader)}
          {sw('fixSiderbar', t('settings.fixSiderbar'), settings.layout === 'topmenu')}
        </List>

        <Divider />
        <Typography.Title level={5}>{t('settings.other')}</Typography.Title>
        <List split={false}>
          {sw('colorWeak', t('settings.colorWeak'))}
          {sw('multiTab', t('settings.multiTab'))}
        </List>
        <Divider />
        <Button block icon={<CopyOutlined />} onClick={() => void copy()} data-testid="settings-copy">
          {t('settings.copy')}
        </Button>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, fontSize: 12 }}>
          {t('settings.copyHint')}
        </Typography.Paragraph>
      </Drawer>
    </>
  );
}
