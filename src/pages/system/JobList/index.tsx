/**
 * 定时任务: the job monitor of the system administrator (RuoYi's 定时任务). Each job with its
 * schedule in China time, last run, failures and next run, with run now, pause and resume as the
 * server allows them; every run; the national platform outbox with the retry of dead records. A
 * queued run is watched until it has finished.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, App, Space, Tabs } from 'antd';
import type { ActionType, ProFormInstance } from '@ant-design/pro-components';
import { Link } from 'react-router-dom';
import PageHeaderWrapper from '@/components/PageHeaderWrapper';
import { useServerError } from '@/components/AdminKit';
import { systemJobPause, systemJobResume, systemJobRun, systemJobStatus } from '@/services/generated/api';
import type { SystemJobStatus200Data as Status } from '@/services/generated/api.schemas';
import JobsTable, { type JobRow } from './JobsTable';
import OutboxTable, { useOutboxList } from './OutboxTable';
import RunsTable, { useRunsList } from './RunsTable';
import { durationText, useJobText } from './text';

/** How often a queued run is looked for, and for how long. */
const WATCH_EVERY_MS = 3_000;
const WATCH_FOR_MS = 120_000;

interface Watch {
  job: string;
  /** The job's last run when it was queued: a newer, finished one is the answer. */
  since: number | null;
  until: number;
  /** Queued for the engine (the page says it is waiting), or already run in the request. */
  queued: boolean;
}

export default function JobList() {
  const t = useJobText();
  const { message } = App.useApp();
  const showError = useServerError();
  const [tab, setTab] = useState('jobs');
  const [status, setStatus] = useState<Status | null>(null);
  const [watch, setWatch] = useState<Watch | null>(null);
  const jobsRef = useRef<ActionType | null>(null);
  const runsForm = useRef<ProFormInstance>(undefined);
  const runs = useRunsList();
  const outbox = useOutboxList();

  const loadStatus = useCallback(() => {
    systemJobStatus().then(
      (res) => setStatus(res.data),
      () => setStatus(null),
    );
  }, []);
  useEffect(loadStatus, [loadStatus]);

  const reloadRuns = runs.reload;
  const reloadOutbox = outbox.reload;
  const reloadAll = useCallback(() => {
    void jobsRef.current?.reload();
    reloadRuns();
    reloadOutbox();
    loadStatus();
  }, [reloadRuns, reloadOutbox, loadStatus]);

  useEffect(() => {
    if (!watch) return undefined;
    const timer = window.setInterval(() => {
      if (Date.now() > watch.until) setWatch(null);
      else reloadAll();
    }, WATCH_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [watch, reloadAll]);

  // A watched run that has finished says how it went, not only the table: 执行一次 gets its answer.
  const watchRef = useRef<Watch | null>(null);
  watchRef.current = watch;
  const onLoaded = useCallback(
    (rows: JobRow[]) => {
      const w = watchRef.current;
      if (!w) return;
      const run = rows.find((r) => r.job === w.job)?.lastRun;
      if (!run || run.id === w.since || run.running) return;
      setWatch(null);
      const name = t(`names.${w.job}`);
      if (run.ok)
        void message.success(
          t('messages.finished', { name, rows: run.rows, duration: durationText(t, run.durationMs) }),
          6,
        );
      else void message.error(t('messages.failed', { name, error: run.error ?? '-' }), 10);
    },
    [message, t],
  );

  const act = async (call: () => Promise<{ msg?: string }>, after?: () => void) => {
    try {
      const res = await call();
      void message.success(res.msg || t('messages.done'));
      after?.();
      reloadAll();
    } catch (err) {
      showError(err);
    }
  };

  const onRun = (row: JobRow) =>
    act(async () => {
      const res = await systemJobRun(row.job);
      // Queued or run in the request: the finished run's outcome is said once the table shows it.
      setWatch({
        job: row.job,
        since: row.lastRun?.id ?? null,
        until: Date.now() + WATCH_FOR_MS,
        queued: res.data.queued,
      });
      return { msg: res.data.queued ? t('messages.queued') : t('messages.ran') };
    });

  const showRuns = (row: JobRow) => {
    setTab('runs');
    // The runs tab's search form filters by the job.
    window.setTimeout(() => {
      runsForm.current?.setFieldsValue({ job: row.job });
      runsForm.current?.submit();
    }, 0);
  };

  const engineText = status
    ? status.engine
      ? t('engine.running', { db: t(`engine.${status.engine}`) })
      : t('engine.off')
    : null;
  return (
    <PageHeaderWrapper title={t('title')} description={t('description')}>
      <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
        {engineText && (
          <Alert type={status?.engine ? 'info' : 'warning'} showIcon message={engineText} data-testid="engine-status" />
        )}
        {status && !status.national.configured && (
          <Alert
            type="warning"
            showIcon
            message={t('national.off', { pending: status.outbox.pending })}
            data-testid="national-status"
          />
        )}
        {status && status.national.configured && status.outbox.dead > 0 && (
          <Alert
            type="error"
            showIcon
            message={t('national.dead', { dead: status.outbox.dead, max: status.national.maxAttempts })}
            data-testid="national-status"
          />
        )}
        {status?.calendar.missingYear ? (
          <Alert
            type="warning"
            showIcon
            message={t('calendar.missing', { year: status.calendar.missingYear })}
            data-testid="calendar-missing"
            action={<Link to="/system/calendar">{t('calendar.open')}</Link>}
          />
        ) : null}
        {watch?.queued && (
          <Alert
            type="info"
            showIcon
            message={t('messages.watching', { name: t(`names.${watch.job}`) })}
            data-testid="watching"
          />
        )}
      </Space>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'jobs',
            label: t('tabs.jobs'),
            children: (
              <JobsTable
                actionRef={jobsRef}
                onRun={onRun}
                onPause={(r) => act(() => systemJobPause(r.job))}
                onResume={(r) => act(() => systemJobResume(r.job))}
                onShowRuns={showRuns}
                onLoaded={onLoaded}
              />
            ),
          },
          {
            key: 'runs',
            label: t('tabs.runs'),
            forceRender: true,
            children: <RunsTable formRef={runsForm} list={runs} />,
          },
          {
            key: 'outbox',
            label: t('tabs.outbox', { pending: status?.outbox.pending ?? 0 }),
            forceRender: true,
            children: <OutboxTable list={outbox} onChanged={loadStatus} />,
          },
        ]}
      />
    </PageHeaderWrapper>
  );
}
