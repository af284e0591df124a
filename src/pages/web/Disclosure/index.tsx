import { FileTextOutlined } from '@ant-design/icons';
import { Alert, Breadcrumb, Button, Card, Modal, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toApiError } from '@/services/auth';
import { publicDisclosure } from '@/services/generated/api';
import type { PublicDisclosure200 } from '@/services/generated/api.schemas';
import { displayValue } from '../components/format';
import styles from '../components/SearchPage.module.css';
import ActionLink from '@/components/ActionLink';

/** SPEC 9: default page size 10; options 10, 20, 30. */
export const PAGE_SIZE_OPTIONS = [10, 20, 30];

type DisclosureItem = PublicDisclosure200['rows'][number];

const titleOf = (r: DisclosureItem) => r.title;
const contentOf = (r: DisclosureItem) => r.content;
const dateOf = (r: DisclosureItem) => r.publishDate;

/** /web/disclosure: the list of disclosed items (GET /public/disclosure?pageNum&pageSize). */
export default function Disclosure() {
  const { t } = useTranslation('web');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [rows, setRows] = useState<DisclosureItem[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<DisclosureItem | null>(null);

  const load = useCallback(
    async (pageNum: number, pageSize: number) => {
      setLoading(true);
      setError(null);
      try {
        const body = await publicDisclosure({ pageNum, pageSize }, { isLogin: true });
        if (body && body.code !== 0) throw body;
        const list = Array.isArray(body.rows) ? body.rows : [];
        // SPEC 7: an empty page above page 1 goes back one page and reloads
        if (list.length === 0 && pageNum > 1) {
          setPage({ pageNum: pageNum - 1, pageSize });
          return;
        }
        setRows(list);
        setTotal(Number(body.total) || 0);
      } catch (err) {
        setError(toApiError(err).msg || t('disclosure.loadFailed'));
      } finally {
        setLoading(false);
      }
    },
    [t],
  );

  useEffect(() => {
    void load(page.pageNum, page.pageSize);
  }, [load, page.pageNum, page.pageSize]);

  const columns: TableColumnsType<DisclosureItem> = [
    {
      key: 'index',
      title: '#',
      width: 64,
      render: (_: unknown, __: DisclosureItem, i: number) => (page.pageNum - 1) * page.pageSize + i + 1,
    },
    {
      key: 'title',
      title: t('disclosure.colTitle'),
      render: (_: unknown, r: DisclosureItem) => <ActionLink onClick={() => setOpen(r)}>{titleOf(r)}</ActionLink>,
    },
    {
      key: 'category',
      title: t('disclosure.colCategory'),
      width: 160,
      render: (_: unknown, r: DisclosureItem) => {
        const c = r.category;
        return c ? <Tag color="blue">{c}</Tag> : '-';
      },
    },
    {
      key: 'date',
      title: t('disclosure.colDate'),
      width: 140,
      render: (_: unknown, r: DisclosureItem) => displayValue(dateOf(r)),
    },
    {
      key: 'action',
      title: t('disclosure.colAction'),
      width: 90,
      render: (_: unknown, r: DisclosureItem) => (
        <ActionLink onClick={() => setOpen(r)}>{t('disclosure.view')}</ActionLink>
      ),
    },
  ];

  return (
    <div className={styles.page} data-testid="web-disclosure">
      <Breadcrumb
        className={styles.crumb}
        items={[{ title: <Link to="/web">{t('menu.web')}</Link> }, { title: t('disclosure.title') }]}
      />
      <Card
        title={
          <span>
            <FileTextOutlined /> {t('disclosure.title')}
          </span>
        }
      >
        <p className={styles.desc}>{t('disclosure.desc')}</p>
        {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
        <Table<DisclosureItem>
          rowKey={(r) => String(r.id)}
          loading={loading}
          columns={columns}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS,
            showTotal: (n: number) => t('disclosure.total', { total: n, count: n }),
            onChange: (pageNum, pageSize) => setPage({ pageNum: pageSize !== page.pageSize ? 1 : pageNum, pageSize }),
          }}
        />
      </Card>
      <Modal
        open={open !== null}
        title={open ? titleOf(open) : ''}
        onCancel={() => setOpen(null)}
        footer={<Button onClick={() => setOpen(null)}>{t('disclosure.close')}</Button>}
        width={720}
      >
        {open ? (
          <>
            <Typography.Paragraph type="secondary">{displayValue(dateOf(open))}</Typography.Paragraph>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{contentOf(open) || '-'}</Typography.Paragraph>
          </>
        ) : null}
      </Modal>
    </div>
  );
}
