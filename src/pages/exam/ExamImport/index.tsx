/**
 * 成绩导入 exam/ExamImport (menu exam:examImport:list, import with exam:examImport:import): scores
 * of held exam batches from Excel, all or nothing, and the history of score imports.
 */
import DataImport, { type ImportSummary } from '@/components/DataImport';
import { examExamImportImportData, examExamImportList, examExamImportReport } from '@/services/generated/api';
import { IMPORT_LIMITS } from '@/components/DataImport/limits';

export default function ExamImport() {
  return (
    <DataImport
      kind="exam"
      entity="examImport"
      limits={IMPORT_LIMITS}
      upload={async (file) => {
        const res = await examExamImportImportData({ file });
        return { msg: res.msg, data: res.data as ImportSummary };
      }}
      report={(body) => examExamImportReport(body)}
      history={(query) => examExamImportList(query)}
    />
  );
}
