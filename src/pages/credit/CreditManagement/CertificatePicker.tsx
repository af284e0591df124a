/**
 * The select-certificates dialog: search the certificates the caller may see (by number or name),
 * pick several of one holder. For 暂扣/吊销/撤销 the server lists only valid or suspended ones.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Input, Modal, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { creditPunishmentCertificates } from '@/services/generated/api';
import { errorMessage } from '@/services/request';
import { certStatus } from '@/pages/web/components/format';
import { NS, type CandidateCertificate, type ChosenCertificate, type PunishmentType } from './types';

const PAGE_SIZE = 8;

interface Props {
  open: boolean;
  type: PunishmentType | undefined;
  chosen: ChosenCertificate[];
  onClose: () => void;
  onPick: (certificates: ChosenCertificate[]) => void;
}

export default function CertificatePicker({ open, type, chosen, onClose, onPick }: Props) {
  const { t } = useTranslation(NS);
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [rows, setRows] = useState<CandidateCertificate[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<ChosenCertificate[]>(chosen);

  useEffect(() => {
    if (open) {
      setPicked(chosen);
      setPageNum(1);
    }
  }, [open, chosen]);

  // Once one is picked, only that holder's certificates are offered (a punishment is about one holder).
  const holder = picked.find((c) => c.personId !== undefined)?.personId;
  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      const res = await creditPunishmentCertificates({
        keyword: keyword.trim() || undefined,
        type,
        personId: holder,
        pageNum,
        pageSize: PAGE_SIZE,
      });
      setRows(res.rows);
      setTotal(res.total);
    } catch (err) {
      setError(errorMessage(err, t('detail.loadFailed')));
    } finally {
      setLoading(false);
    }
  }, [keyword, type, holder, pageNum, t]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the keyword is searched on demand (Enter or the button), not on every keystroke
  useEffect(() => {
    if (open) void load();
  }, [open, type, holder, pageNum]);

  const toChosen = (r: CandidateCertificate): ChosenCertificate => ({
    id: r.id,
    certNo: r.certNo,
    name: r.name,
    personId: r.personId,
    statusLabel: r.statusLabel,
  });

  return (
    <Modal
      open={open}
      title={t('picker.title')}
      width={900}
      onCancel={onClose}
      onOk={() => onPick(picked)}
      okText={t('picker.confirm', { count: picked.length })}
      okButtonProps={{ disabled: picked.length === 0, 'data-testid': 'picker-ok' }}
      destroyOnHidden
      data-testid="certificate-picker"
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input.Search
          placeholder={t('picker.keyword')}
          enterButton={t('picker.search')}
          allowClear
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={() => (pageNum === 1 ? void load() : setPageNum(1))}
          data-testid="picker-keyword"
        />
        {holder !== undefined && <Alert type="info" showIcon message={t('picker.onePerson')} />}
        {error && <Alert type="error" showIcon message={error} />}
        <Table<CandidateCertificate>
          rowKey="id"
          size="small"
          loading={loading}
          dataSource={rows}
          locale={{ emptyText: t('picker.empty') }}
          pagination={{ current: pageNum, pageSize: PAGE_SIZE, total, onChange: setPageNum, showSizeChanger: false }}
          rowSelection={{
            selectedRowKeys: picked.map((c) => c.id),
            preserveSelectedRowKeys: true,
            onSelect: (r, selected) =>
              setPicked((now) =>
                selected ? [...now.filter((c) => c.id !== r.id), toChosen(r)] : now.filter((c) => c.id !== r.id),
              ),
            onSelectAll: (selected, _all, changed) =>
              setPicked((now) =>
                selected
                  ? [...now, ...changed.filter((r) => !now.some((c) => c.id === r.id)).map(toChosen)]
                  : now.filter((c) => !changed.some((r) => r.id === c.id)),
              ),
            getCheckboxProps: (r) => ({ 'data-testid': `pick-${r.certNo}` }) as Record<string, unknown>,
          }}
          columns={[
            {
              title: t('field.certNo'),
              dataIndex: 'certNo',
              width: 210,
              render: (v: string) => <span data-testid="picker-certNo">{v}</span>,
            },
            { title: t('field.name'), dataIndex: 'name', width: 90 },
            { title: t('field.idNo'), dataIndex: 'idNo', width: 170 },
            { title: t('field.category'), dataIndex: 'categoryLabel', ellipsis: true },
            { title: t('field.enterprise'), dataIndex: 'enterpriseName', ellipsis: true },
            {
              title: t('field.status'),
              dataIndex: 'statusLabel',
              width: 90,
              render: (v: string, r) => <Tag color={certStatus(r.status).tone}>{v}</Tag>,
            },
          ]}
        />
      </Space>
    </Modal>
  );
}
