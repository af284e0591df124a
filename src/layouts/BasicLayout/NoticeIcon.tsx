import { useEffect, useRef, useState } from 'react';
import { Badge, Empty, List, Popover, Spin, Tabs, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { systemSysMsgInfoList, systemSysMsgInfoReadMsg, systemSysTodoList } from '@/services/generated/api';
import type { SystemSysMsgInfoList200, SystemSysTodoList200 } from '@/services/generated/api.schemas';
import { formatDateTime } from '@/components/ProTableKit/format';
import { NOTICE_POLL_MS, refreshUnreadStats, totalUnread, useUnreadStats } from '@/store/notice';

type SysTodo = SystemSysTodoList200['rows'][number];
type SysMsg = SystemSysMsgInfoList200['rows'][number];

/** SPEC 9: the panel loads 5 items per page (page 1); badge overflow 10. */
export const PANEL_PAGE_SIZE = 5;
export const BADGE_OVERFLOW = 10;

/** Notification bell: unread counts polled every 30 s; the first opening fetches the lists once. */
export default function NoticeIcon({ color }: { color?: string }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const stats = useUnreadStats();
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [messages, setMessages] = useState<SysMsg[]>([]);
  const [todos, setTodos] = useState<SysTodo[]>([]);
  const fetched = useRef(false);

  useEffect(() => {
    void refreshUnreadStats();
    const id = window.setInterval(() => void refreshUnreadStats(), NOTICE_POLL_MS);
    return () => window.clearInterval(id);
  }, []);

  const fetchLists = async () => {
    setLoading(true);
    try {
      const [m, td] = await Promise.allSettled([
        systemSysMsgInfoList({ pageNum: 1, pageSize: PANEL_PAGE_SIZE, ckzt: '0' }),
        systemSysTodoList({ pageNum: 1, pageSize: PANEL_PAGE_SIZE }),
      ]);
      if (m.status === 'fulfilled') setMessages(m.value?.rows ?? []);
      if (td.status === 'fulfilled') setTodos(td.value?.rows ?? []);
    } finally {
      setLoading(false);
    }
  };

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next && !fetched.current) {
      fetched.current = true;
      void fetchLists();
    }
  };

  const onMessageClick = async (msg: SysMsg) => {
    if (msg.ckzt === '0') {
      try {
        await systemSysMsgInfoReadMsg(msg.id);
        setMessages((list) => list.map((m) => (m.id === msg.id ? { ...m, ckzt: '1' } : m)));
        void refreshUnreadStats();
      } catch {
        /* the list stays as it was */
      }
    }
  };

  const onTodoClick = (todo: SysTodo) => {
    setOpen(false);
    if (todo.url && todo.url.startsWith('/')) void navigate(todo.url);
    else void navigate('/system/sysTodo');
  };

  const unread = totalUnread(stats);

  const content = (
    <Spin spinning={loading}>
      <Tabs
        centered
        style={{ width: 336 }}
        items={[
          {
            key: 'messages',
            label: (
              <span data-testid="notice-tab-messages">
                {t('notice.messages')}
                {unread ? ` (${unread})` : ''}
              </span>
            ),
            children: (
              <>
                <List<SysMsg>
                  dataSource={messages}
                  locale={{
                    emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notice.noMessages')} />,
                  }}
                  renderItem={(item) => (
                    <List.Item
                      style={{ cursor: 'pointer', opacity: item.ckzt === '0' ? 1 : 0.55, paddingInline: 8 }}
                      onClick={() => void onMessageClick(item)}
                      data-testid="notice-message-item"
                    >
                      <List.Item.Meta
                        title={
                          <Typography.Text strong={item.ckzt === '0'} ellipsis>
                            {item.bt}
                          </Typography.Text>
                        }
                        description={formatDateTime(item.createdAt)}
                      />
                    </List.Item>
                  )}
                />
                <div style={{ textAlign: 'center', borderTop: '1px solid #f0f0f0', paddingTop: 8 }}>
                  <Link to="/system/sysMessageCk" onClick={() => setOpen(false)} data-testid="notice-more-messages">
                    {t('notice.more')}
                  </Link>
                </div>
              </>
            ),
          },
          {
            key: 'todos',
            label: <span data-testid="notice-tab-todos">{t('notice.todos')}</span>,
            children: (
              <>
                <List<SysTodo>
                  dataSource={todos}
                  locale={{
                    emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notice.noTodos')} />,
                  }}
                  renderItem={(item) => (
                    <List.Item
                      style={{ cursor: 'pointer', paddingInline: 8 }}
                      onClick={() => onTodoClick(item)}
                      data-testid="notice-todo-item"
                    >
                      <List.Item.Meta
                        title={<Typography.Text ellipsis>{item.mc}</Typography.Text>}
                        description={formatDateTime(item.createdAt)}
                      />
                    </List.Item>
                  )}
                />
                <div style={{ textAlign: 'center', borderTop: '1px solid #f0f0f0', paddingTop: 8 }}>
                  <Link to="/system/sysTodo" onClick={() => setOpen(false)} data-testid="notice-more-todos">
                    {t('notice.more')}
                  </Link>
                </div>
              </>
            ),
          },
        ]}
      />
    </Spin>
  );

  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      placement="bottomRight"
      content={content}
      arrow={false}
      destroyOnHidden={false}
    >
      <span
        data-testid="notice-bell"
        style={{ cursor: 'pointer', padding: '0 12px', display: 'inline-flex', alignItems: 'center', height: '100%' }}
        aria-label={t('notice.title')}
        title={t('notice.title')}
      >
        <Badge count={unread} overflowCount={BADGE_OVERFLOW} size="small" data-testid="notice-badge">
          <BellOutlined style={{ fontSize: 16, color }} />
        </Badge>
      </span>
    </Popover>
  );
}
