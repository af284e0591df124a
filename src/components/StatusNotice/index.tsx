import { CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import styles from './index.module.css';

/**
 * A failure or warning in the place of a page (load error, loading time-out), drawn like antd's
 * Result. Not Result itself: the error boundary and the loading spinner sit in the entry chunk of
 * every first page, and Result carries the large 403/404/500 illustrations with it (issue 14).
 */
export default function StatusNotice({
  status,
  title,
  subTitle,
  extra,
}: {
  status: 'warning' | 'error';
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
}) {
  const Icon = status === 'error' ? CloseCircleFilled : ExclamationCircleFilled;
  return (
    <div className={styles.notice} role="alert" data-status={status}>
      <Icon className={`${styles.icon} ${styles[status]}`} />
      <div className={styles.title}>{title}</div>
      {subTitle ? <div className={styles.subTitle}>{subTitle}</div> : null}
      {extra ? <div className={styles.extra}>{extra}</div> : null}
    </div>
  );
}
