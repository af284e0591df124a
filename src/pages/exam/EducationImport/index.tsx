/**
 * 继续教育导入 exam/EducationImport (menu exam:educationImport:list, import with
 * exam:educationImport:import): continuing-education hours from Excel, all or nothing; after an
 * import, its records open in 继续教育记录.
 */
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import DataImport, { type ImportSummary } from '@/components/DataImport';
import { IMPORT_LIMITS } from '@/components/DataImport/limits';
import { useAccess } from '@/app/useAccess';
import {
  examEducationImportImportData,
  examEducationImportList,
  examEducationImportReport,
} from '@/services/generated/api';

/** The FurtherEducation page (menu path of exam/FurtherEducation). */
const RECORDS_PATH = '/exam/furtherEducation';

export default function EducationImport() {
  const { t } = useTranslation('imports');
  const navigate = useNavigate();
  const access = useAccess();
  return (
    <DataImport
      kind="education"
      entity="educationImport"
      limits={IMPORT_LIMITS}
      upload={async (file) => {
        const res = await examEducationImportImportData({ file });
        return { msg: res.msg, data: res.data as ImportSummary };
      }}
      report={(body) => examEducationImportReport(body)}
      history={(query) => examEducationImportList(query)}
      afterSuccess={(summary) =>
        summary.importId !== null && access.hasButton('exam:furtherEducation:list') ? (
          <Button
            type="link"
            style={{ padding: 0 }}
            onClick={() => navigate(`${RECORDS_PATH}?importId=${summary.importId}`)}
            data-testid="import-view-records"
          >
            {t('result.viewRecords')}
          </Button>
        ) : null
      }
    />
  );
}
