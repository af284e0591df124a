/**
 * Create or edit a user (a submission the security administrator reviews). Departments come as a
 * tree, roles from userAlternativeRole for the chosen user type (the 三员 roles only for type 00),
 * the enterprise of an enterprise user and the certificate holder of an individual user by search.
 * A new user may be given an initial password; left empty, the server makes one and it is shown once.
 *
 * An edit sends only the fields the administrator changed (the server keeps every other one), and
 * nothing is submitted before the change's whole effect has been shown (POST previewUpdate /
 * preview: person link and its certificates, roles, data area); an unlink of a holder from their
 * certificates must be ticked by name (issue #47 item 1).
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Form, Input, Radio, Select, Space, Table, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ActionModal,
  EffectPanel,
  everyWarningChosen,
  useRules,
  useServerError,
  useStatusOptions,
  useSubmit,
  type ChangeEffect,
  type DiffRow,
  type ReviewWarningCode,
} from '@/components/AdminKit';
import {
  systemRoleUserAlternativeRole,
  systemUserEnterpriseOptions,
  systemUserPersonOptions,
  systemUserPreview,
  systemUserPreviewUpdate,
  systemUserSave,
  systemUserUpdateV2,
} from '@/services/generated/api';
import type {
  DeptOptionNode as DeptNode,
  SystemRoleUserAlternativeRole200,
  SystemUserSaveBody,
  SystemUserUpdateV2Body,
} from '@/services/generated/api.schemas';
import PersonalDatum from '@/components/PersonalDatum';
import { SYS_USER as NS } from '../namespaces';
import type { SysUserDetail, UserTypeOption } from './types';

type RoleOption = SystemRoleUserAlternativeRole200['data'][number];
type Patch = Omit<SystemUserUpdateV2Body, 'userId' | 'acknowledged'>;
/** The fields of the form an edit may change, in the order the server lists them. */
const EDITABLE = [
  'userName',
  'nickName',
  'userType',
  'deptId',
  'enterpriseId',
  'personId',
  'phone',
  'email',
  'sex',
  'roleIds',
  'remark',
] as const;

/** What the form shows of a value, compared as the server compares it ('' and null alike, role ids as a set). */
const same = (a: unknown, b: unknown): boolean => {
  if (Array.isArray(a) || Array.isArray(b))
    return JSON.stringify([...((a as number[]) ?? [])].sort()) === JSON.stringify([...((b as number[]) ?? [])].sort());
  return (a ?? '') === (b ?? '');
};

/** The submission waiting for the administrator's confirmation: what it changes and does. */
interface Confirming {
  diff: DiffRow[];
  effect: ChangeEffect;
  send: (acknowledged: ReviewWarningCode[]) => Promise<{ msg?: string; data?: unknown } | undefined>;
}

export interface UserFormModalProps {
  open: boolean;
  /** The user being edited (as GET /system/user/get answers it); null to create one. */
  editing: SysUserDetail | null;
  userTypes: UserTypeOption[];
  depts: DeptNode[];
  onClose: () => void;
  onSaved: () => void;
}

interface TreeNode {
  title: string;
  value: number;
  disabled: boolean;
  children: TreeNode[];
}
type TreeData = TreeNode[];
const toTree = (nodes: DeptNode[]): TreeData =>
  nodes.map((n) => ({ title: n.label, value: n.id, disabled: n.disabled, children: toTree(n.children) }));

export default function UserFormModal({ open, editing, userTypes, depts, onClose, onSaved }: UserFormModalProps) {
  const { t } = useTranslation(NS);
  const { modal, message } = App.useApp();
  const rules = useRules();
  const statusOptions = useStatusOptions();
  const [form] = Form.useForm<SystemUserSaveBody>();
  const userType = Form.useWatch('userType', form);
  const [roles, setRoles] = useState<RoleOption[]>([]);
  const [enterprises, setEnterprises] = useState<{ value: number; label: string }[]>([]);
  const [persons, setPersons] = useState<{ value: number; label: string }[]>([]);
  const [initial, setInitial] = useState<Record<string, unknown>>({});
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [chosen, setChosen] = useState<ReviewWarningCode[]>([]);
  const [previewing, setPreviewing] = useState(false);
  const showError = useServerError();
  const { busy, run } = useSubmit(() => {
    setConfirming(null);
    onSaved();
    onClose();
  }, 'submitted');
  const treeData = useMemo(() => toTree(depts), [depts]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setConfirming(null);
    setChosen([]);
    if (editing) {
      // The phone as the list shows it (masked): sent back unchanged it stays as it is.
      const values = {
        userName: editing.userName,
        nickName: editing.nickName,
        userType: editing.userType,
        deptId: editing.deptId,
        enterpriseId: editing.enterpriseId,
        personId: editing.personId,
        phone: editing.phone ?? '',
        email: editing.email ?? '',
        sex: editing.sex,
        roleIds: editing.roleIds,
        remark: editing.remark ?? '',
      };
      form.setFieldsValue(values);
      setInitial(values);
      setPersons(
        editing.personId && editing.personLabel ? [{ value: editing.personId, label: editing.personLabel }] : [],
      );
      if (editing.enterpriseId) {
        void systemUserEnterpriseOptions({ id: editing.enterpriseId })
          .then((r) => setEnterprises(r.data))
          .catch(() => undefined);
      }
    } else {
      setInitial({});
      setPersons([]);
      form.setFieldsValue({ userType: '02', sex: '0', status: '1', roleIds: [] });
    }
  }, [open, editing, form]);

  useEffect(() => {
    if (!open || !userType) return;
    let live = true;
    systemRoleUserAlternativeRole({ userType })
      .then((r) => live && setRoles(r.data))
      .catch(() => live && setRoles([]));
    return () => {
      live = false;
    };
  }, [open, userType]);

  const searchEnterprise = (keyword: string) => {
    if (!keyword.trim()) return;
    void systemUserEnterpriseOptions({ keyword })
      .then((r) => setEnterprises(r.data))
      .catch(() => undefined);
  };

  const searchPerson = (keyword: string) => {
    if (!keyword.trim()) return;
    void systemUserPersonOptions({ keyword })
      .then((r) =>
        setPersons(
          r.data.map((p) => ({
            value: p.value,
            label: [p.label, p.enterpriseName, t('user.personCertificates', { count: p.certificates })]
              .filter(Boolean)
              .join(' · '),
          })),
        ),
      )
      .catch(() => undefined);
  };

  /** Shows what the change does; the submission waits for the administrator's confirmation. */
  const submit = async () => {
    const values = await form.validateFields();
    setChosen([]);
    setPreviewing(true);
    try {
      if (editing?.userId) {
        const userId = editing.userId;
        const patch = Object.fromEntries(
          EDITABLE.filter((k) => !same(values[k as keyof typeof values], initial[k])).map((k) => {
            const v = values[k as keyof typeof values];
            return [k, v === '' || v === undefined ? null : v];
          }),
        ) as Patch;
        if (Object.keys(patch).length === 0) {
          void message.info(t('user.nothingChanged'));
          return;
        }
        const preview = (await systemUserPreviewUpdate({ ...patch, userId })).data;
        setConfirming({
          ...preview,
          send: (acknowledged) => run(() => systemUserUpdateV2({ ...patch, userId, acknowledged }), form),
        });
        return;
      }
      const body: SystemUserSaveBody = {
        ...values,
        deptId: values.deptId ?? null,
        enterpriseId: values.userType === '03' ? (values.enterpriseId ?? null) : null,
        personId: values.userType === '04' ? (values.personId ?? null) : null,
        phone: values.phone || null,
        email: values.email || null,
        remark: values.remark || null,
        password: values.password || undefined,
      };
      const preview = (await systemUserPreview(body)).data;
      setConfirming({ ...preview, send: () => create(body) });
    } catch (err) {
      showError(err, form);
    } finally {
      setPreviewing(false);
    }
  };

  const create = async (body: SystemUserSaveBody) => {
    const res = await run(() => systemUserSave(body), form);
    const initialPassword = res?.data.initialPassword;
    if (initialPassword) {
      modal.success({
        title: t('user.initialPasswordTitle'),
        content: (
          <>
            <Typography.Paragraph>{t('user.initialPasswordText')}</Typography.Paragraph>
            <Typography.Text code copyable data-testid="initial-password">
              {initialPassword}
            </Typography.Text>
          </>
        ),
      });
    }
    return res;
  };

  const req = (field: string) => rules.required(field);
  const choose = (field: string) => rules.required(field, true);
  return (
    <ActionModal
      open={open}
      title={editing ? t('user.editTitle') : t('user.addTitle')}
      onClose={onClose}
      onOk={submit}
      busy={previewing}
      width={720}
      okTestId="user-form-submit"
      testId="user-form"
    >
      <Alert type="info" showIcon message={t('user.reviewNote')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
        <Form.Item
          name="userName"
          label={t('user.userName')}
          rules={[
            ...req(t('user.userName')),
            { pattern: /^[A-Za-z0-9_.@-]{2,30}$/, message: t('user.userNamePattern') },
          ]}
        >
          <Input autoComplete="off" data-testid="form-userName" />
        </Form.Item>
        <Form.Item
          name="nickName"
          label={t('user.nickName')}
          rules={[...req(t('user.nickName')), rules.max(t('user.nickName'), 30)]}
        >
          <Input data-testid="form-nickName" />
        </Form.Item>
        <Form.Item name="userType" label={t('user.userType')} rules={choose(t('user.userType'))}>
          <Select
            options={userTypes.map((u) => ({ value: u.value, label: u.label }))}
            onChange={() => form.setFieldValue('roleIds', [])}
            data-testid="form-userType"
          />
        </Form.Item>
        <Form.Item
          name="deptId"
          label={t('user.dept')}
          rules={userType === '00' || userType === '02' ? choose(t('user.dept')) : []}
        >
          <TreeSelect
            treeData={treeData}
            treeDefaultExpandAll
            allowClear
            showSearch
            treeNodeFilterProp="title"
            data-testid="form-deptId"
          />
        </Form.Item>
        {userType === '03' && (
          <Form.Item
            name="enterpriseId"
            label={t('user.enterprise')}
            rules={choose(t('user.enterprise'))}
            style={{ gridColumn: '1 / span 2' }}
          >
            <Select
              showSearch
              filterOption={false}
              onSearch={searchEnterprise}
              options={enterprises}
              placeholder={t('user.enterpriseSearch')}
              data-testid="form-enterpriseId"
            />
          </Form.Item>
        )}
        {userType === '04' && (
          <Form.Item
            name="personId"
            label={t('user.person')}
            extra={t('user.personHint')}
            style={{ gridColumn: '1 / span 2' }}
          >
            <Select
              showSearch
              allowClear
              filterOption={false}
              onSearch={searchPerson}
              options={persons}
              placeholder={t('user.personSearch')}
              notFoundContent={null}
              data-testid="form-personId"
            />
          </Form.Item>
        )}
        <Form.Item
          name="phone"
          label={t('user.phone')}
          // The masked phone as listed is accepted back unchanged; a new one must be a whole number.
          rules={[
            {
              validator: (_r, v: string) =>
                !v || v === initial.phone || /^1[3-9]\d{9}$/.test(v)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('user.phonePattern'))),
            },
          ]}
          extra={
            editing?.personalData ? (
              <PersonalDatum
                datum="phone"
                value={editing.phone}
                offer={editing.personalData}
                linkOnly
                onRevealed={(v) => form.setFieldValue('phone', v ?? '')}
                testId="form-phone-datum"
              />
            ) : undefined
          }
        >
          <Input data-testid="form-phone" />
        </Form.Item>
        <Form.Item name="email" label={t('user.email')} rules={[{ type: 'email', message: t('user.emailPattern') }]}>
          <Input data-testid="form-email" />
        </Form.Item>
        <Form.Item name="sex" label={t('user.sex')}>
          <Radio.Group options={(['0', '1', '2'] as const).map((v) => ({ value: v, label: t(`user.sexes.${v}`) }))} />
        </Form.Item>
        {!editing && (
          <Form.Item name="status" label={t('common.status')}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
        )}
        <Form.Item
          name="roleIds"
          label={t('user.roles')}
          rules={[{ ...choose(t('user.roles'))[0], type: 'array', min: 1 }]}
          style={{ gridColumn: '1 / span 2' }}
        >
          <Select
            mode="multiple"
            optionFilterProp="label"
            options={roles.map((r) => ({
              value: r.roleId,
              label: r.dutyRole ? `${r.roleName}（${t('role.dutyRole')}）` : r.roleName,
            }))}
            data-testid="form-roleIds"
          />
        </Form.Item>
        {!editing && (
          <Form.Item name="password" label={t('user.password')} extra={t('user.passwordHint')}>
            <Input.Password autoComplete="new-password" data-testid="form-password" />
          </Form.Item>
        )}
        <Form.Item
          name="remark"
          label={t('common.remark')}
          style={{ gridColumn: '1 / span 2' }}
          rules={[rules.max(t('common.remark'), 500)]}
        >
          <Input.TextArea rows={2} data-testid="form-remark" />
        </Form.Item>
      </Form>
      <ActionModal
        open={confirming !== null}
        title={t('user.confirmTitle')}
        onClose={() => setConfirming(null)}
        onOk={() => confirming?.send(chosen)}
        busy={busy}
        okDisabled={!everyWarningChosen(confirming?.effect, chosen)}
        width={760}
        okTestId="user-confirm-submit"
        testId="user-confirm"
      >
        {confirming && (
          <Space direction="vertical" style={{ width: '100%' }} size="middle">
            <Typography.Text strong>{t('user.confirmDiff')}</Typography.Text>
            <Table<DiffRow>
              size="small"
              rowKey="field"
              pagination={false}
              dataSource={confirming.diff}
              data-testid="user-confirm-diff"
              columns={[
                { title: t('user.field'), dataIndex: 'label', width: 150 },
                { title: t('user.before'), dataIndex: 'before', render: (v: string) => v || '-' },
                {
                  title: t('user.after'),
                  dataIndex: 'after',
                  render: (v: string) => <Typography.Text strong>{v || '-'}</Typography.Text>,
                },
              ]}
            />
            <EffectPanel effect={confirming.effect} chosen={chosen} onChoose={setChosen} />
          </Space>
        )}
      </ActionModal>
    </ActionModal>
  );
}
