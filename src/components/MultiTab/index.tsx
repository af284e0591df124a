import { useEffect, useRef } from 'react';
import { App, Dropdown, Tabs, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { tabsStore, useTabs } from '@/store/tabs';
import { closeAll, closeLeft, closeRight, closeTab, visit, type TabResult } from './tabs';
import { useTablistOnTheTabs } from './tablistRole';

/** Multi-tab bar (SPEC 2): each visited route a tab; context menu close current/right/left/all. */
export default function MultiTab({ titleOf }: { titleOf: (pathname: string) => string }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const state = useTabs();
  const key = location.pathname + location.search;
  const title = titleOf(location.pathname);
  const root = useRef<HTMLDivElement>(null);
  useTablistOnTheTabs(root);

  useEffect(() => {
    tabsStore.set((s) => visit(s, { key, title }));
  }, [key, title]);

  const apply = (result: TabResult) => {
    if (result.notice === 'lastTab') void message.info(t('tabs.lastTab'));
    else if (result.notice === 'noLeft') void message.info(t('tabs.noLeft'));
    else if (result.notice === 'noRight') void message.info(t('tabs.noRight'));
    tabsStore.set(result.state);
    if (result.navigateTo) navigate(result.navigateTo);
  };

  const menuFor = (tabKey: string): MenuProps => ({
    items: [
      { key: 'closeThat', label: <span data-testid="tab-close-current">{t('tabs.closeCurrent')}</span> },
      { key: 'closeRight', label: <span data-testid="tab-close-right">{t('tabs.closeRight')}</span> },
      { key: 'closeLeft', label: <span data-testid="tab-close-left">{t('tabs.closeLeft')}</span> },
      { key: 'closeAll', label: <span data-testid="tab-close-all">{t('tabs.closeAll')}</span> },
    ],
    onClick: ({ key: action, domEvent }) => {
      domEvent.stopPropagation();
      const s = tabsStore.get();
      if (action === 'closeThat') apply(closeTab(s, tabKey));
      if (action === 'closeRight') apply(closeRight(s, tabKey));
      if (action === 'closeLeft') apply(closeLeft(s, tabKey));
      if (action === 'closeAll') apply(closeAll(s, tabKey));
    },
  });

  return (
    <div ref={root} data-testid="multi-tab" style={{ background: '#fff', padding: '6px 16px 0', marginBottom: 0 }}>
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={state.activeKey || key}
        onChange={(k) => navigate(k)}
        onEdit={(k, action) => {
          if (action === 'remove' && typeof k === 'string') apply(closeTab(tabsStore.get(), k));
        }}
        tabBarStyle={{ margin: 0 }}
        items={state.tabs.map((tab) => ({
          key: tab.key,
          closable: true,
          label: (
            <Dropdown menu={menuFor(tab.key)} trigger={['contextMenu']}>
              <span data-testid="multi-tab-item" data-key={tab.key} style={{ userSelect: 'none' }}>
                {tab.title}
              </span>
            </Dropdown>
          ),
        }))}
      />
    </div>
  );
}
