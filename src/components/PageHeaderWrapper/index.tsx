import type { ReactNode } from 'react';
import { Card, Space, Tabs, Typography } from 'antd';

export interface PageHeaderLink {
  key: string;
  label: ReactNode;
  href?: string;
  onClick?: () => void;
}

/** Page header (SPEC 2 Layouts): title, description, link list and tabs, then the content. */
export default function PageHeaderWrapper({
  title,
  description,
  links,
  tabs,
  activeTab,
  onTabChange,
  extra,
  children,
}: {
  title?: ReactNode;
  description?: ReactNode;
  links?: PageHeaderLink[];
  tabs?: { key: string; label: ReactNode }[];
  activeTab?: string;
  onTabChange?: (key: string) => void;
  extra?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div>
      {title || description || links?.length || tabs?.length ? (
        <Card
          variant="borderless"
          style={{ marginBottom: 16 }}
          styles={{ body: { paddingBottom: tabs?.length ? 0 : 20 } }}
        >
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 16, flexWrap: 'wrap' }}>
            <div style={{ minWidth: 0 }}>
              {title ? (
                <Typography.Title level={4} style={{ margin: 0 }} data-testid="page-title">
                  {title}
                </Typography.Title>
              ) : null}
              {description ? <div style={{ marginTop: 8, color: 'rgba(0,0,0,0.55)' }}>{description}</div> : null}
              {links?.length ? (
                <Space size={16} style={{ marginTop: 12 }} wrap>
                  {links.map((l) => (
                    <a key={l.key} href={l.href} onClick={l.onClick}>
                      {l.label}
                    </a>
                  ))}
                </Space>
              ) : null}
            </div>
            {extra ? <div>{extra}</div> : null}
          </div>
          {tabs?.length ? (
            <Tabs
              activeKey={activeTab}
              onChange={onTabChange}
              items={tabs}
              style={{ marginTop: 8 }}
              tabBarStyle={{ marginBottom: 0 }}
            />
          ) : null}
        </Card>
      ) : null}
      {children}
    </div>
  );
}
