import {
  AuditOutlined,
  FileSearchOutlined,
  GlobalOutlined,
  NotificationOutlined,
  SafetyCertificateOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import { Button, Col, Empty, Row, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { publicDisclosure } from '@/services/generated/api';
import type { PublicDisclosure200 } from '@/services/generated/api.schemas';
import type { SearchKind } from '../components/SearchPage';
import { displayValue } from '../components/format';
import styles from './index.module.css';

type DisclosureItem = PublicDisclosure200['rows'][number];

export const SEARCH_ENTRIES: { kind: SearchKind; icon: ReactNode; color: string }[] = [
  { kind: 'signSearch', icon: <AuditOutlined />, color: '#1890ff' },
  { kind: 'gradeSearch', icon: <TrophyOutlined />, color: '#13c2c2' },
  { kind: 'certSearch', icon: <SafetyCertificateOutlined />, color: '#52c41a' },
  { kind: 'outSearch', icon: <GlobalOutlined />, color: '#fa8c16' },
];

/**
 * /web: hero, the four search entries and the latest notices (first page of the disclosure list).
 * The cards and the notice list are drawn like antd's Card and List, not made of them: Card brings
 * Tabs and List brings Pagination and Select, and this is the public site's first page (issue 14).
 */
export default function WebHome() {
  const { t } = useTranslation('web');
  const navigate = useNavigate();
  const [notices, setNotices] = useState<DisclosureItem[] | null>(null);

  useEffect(() => {
    let alive = true;
    publicDisclosure({ pageNum: 1, pageSize: 6 }, { isLogin: true })
      .then((body) => {
        if (alive) setNotices(Array.isArray(body?.rows) ? body.rows : []);
      })
      .catch(() => {
        if (alive) setNotices([]);
      });
    return () => {
      alive = false;
    };
  }, []);

  return (
    <div data-testid="web-home">
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <h1 className={styles.heroTitle}>{t('hero.title')}</h1>
          <p className={styles.heroDesc}>{t('hero.desc')}</p>
          <Button
            size="large"
            type="primary"
            ghost
            className={styles.heroButton}
            onClick={() => navigate('/user/login')}
          >
            {t('hero.enter')}
          </Button>
        </div>
      </section>
      <div className={styles.body}>
        <h2 className={styles.sectionTitle}>
          <FileSearchOutlined /> {t('searchEntries')}
        </h2>
        <Row gutter={[16, 16]}>
          {SEARCH_ENTRIES.map((e) => (
            <Col xs={24} sm={12} lg={6} key={e.kind}>
              <Link to={`/web/${e.kind}`} className={styles.entryLink} data-testid={`web-entry-${e.kind}`}>
                <div className={`${styles.card} ${styles.entry}`}>
                  <div className={styles.entryIcon} style={{ color: e.color, background: `${e.color}14` }}>
                    {e.icon}
                  </div>
                  <div className={styles.entryTitle}>{t(`search.${e.kind}`)}</div>
                  <div className={styles.entryDesc}>{t(`search.${e.kind}Desc`)}</div>
                </div>
              </Link>
            </Col>
          ))}
        </Row>
        <section className={`${styles.card} ${styles.notices}`} data-testid="web-notices">
          <div className={styles.cardHead}>
            <h3 className={styles.cardTitle}>
              <NotificationOutlined /> {t('notices')}
            </h3>
            <Link to="/web/disclosure">{t('more')}</Link>
          </div>
          <div className={`${styles.cardBody} ${styles.noticeBody}`}>
            {notices === null ? (
              <Skeleton active paragraph={{ rows: 4 }} />
            ) : notices.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noticeEmpty')} />
            ) : (
              <ul className={styles.noticeList}>
                {notices.map((item) => (
                  <li key={String(item.id)} className={styles.noticeItem}>
                    <Link to="/web/disclosure" className={styles.noticeTitle}>
                      {item.title ?? '-'}
                    </Link>
                    <span className={styles.noticeDate}>{displayValue(item.publishDate)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
