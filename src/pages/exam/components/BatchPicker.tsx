/** Picks one of the batches the caller works with (GET /exam/batch/options), narrowed by what the server says each allows. */
import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { examBatchOptions } from '@/services/generated/api';
import type { ExamBatch } from '@/services/generated/api.schemas';
import { NS, useExamLabels } from './text';

export interface BatchPickerProps {
  value?: number | null;
  onChange?: (id: number | null, batch: ExamBatch | null) => void;
  /** Which batches to offer, from the server's answer for each (events, resultsVisible). */
  offer: (b: ExamBatch) => boolean;
  /** Re-reads the options when it changes (after an event changed a batch). */
  reloadKey?: number;
  /** Called once the options arrive (e.g. to pick the first). */
  onLoaded?: (batches: ExamBatch[]) => void;
  testId?: string;
  width?: number | string;
}

export const batchLabel = (b: ExamBatch, state: string) => `${b.batchNo} ${b.name}（${state}）`;

export default function BatchPicker({
  value,
  onChange,
  offer,
  reloadKey,
  onLoaded,
  testId = 'batch-picker',
  width = 420,
}: BatchPickerProps) {
  const { t } = useTranslation(NS);
  const labels = useExamLabels();
  const [batches, setBatches] = useState<ExamBatch[]>([]);
  const [loading, setLoading] = useState(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: offer and onLoaded are the caller's inline functions: the list is read again only when reloadKey changes
  useEffect(() => {
    let live = true;
    setLoading(true);
    examBatchOptions()
      .then((res) => {
        if (!live) return;
        const list = res.data.filter(offer);
        setBatches(list);
        onLoaded?.(list);
      })
      .catch(() => live && setBatches([]))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [reloadKey]);
  return (
    <Select<number>
      style={{ width }}
      loading={loading}
      value={value ?? undefined}
      placeholder={t('batch.pick')}
      aria-label={t('batch.pick')}
      allowClear
      showSearch
      optionFilterProp="label"
      notFoundContent={t('batch.none')}
      onChange={(id) => onChange?.(id ?? null, batches.find((b) => b.id === id) ?? null)}
      options={batches.map((b) => ({ value: b.id, label: batchLabel(b, labels.state(b.state, b.stateLabel)) }))}
      data-testid={testId}
    />
  );
}
