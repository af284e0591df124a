/**
 * The dictionary labels in the other three interface languages (zh-CN is the label itself). The
 * server keeps them with each dictionary value (sys_dict_data.label_i18n), so every page shows a
 * dictionary in the user's language. Keyed by dictType, then value: [zh-TW, en-US, pt-BR].
 */
export type LabelTranslations = Record<string, Record<string, readonly [string, string, string]>>;

export const DICTIONARY_LABELS: LabelTranslations = {
  work_status: {
    '0': ['申請中', 'Applying', 'Em solicitação'],
    '1': ['已保存', 'Saved', 'Salvo'],
    '2': ['已提交', 'Submitted', 'Enviado'],
    '3': ['已受理', 'Accepted', 'Aceito'],
    '4': ['不予以受理辦結', 'Closed without acceptance', 'Encerrado sem aceitação'],
    '8': ['已辦結', 'Closed', 'Concluído'],
  },
  sys_notice_type: { '1': ['通知', 'Notice', 'Aviso'], '2': ['公告', 'Announcement', 'Comunicado'] },
  cer_type: {
    A: ['企業主要負責人（A類）', 'Principal of the enterprise (A)', 'Dirigente principal da empresa (A)'],
    B: ['項目負責人（B類）', 'Project manager (B)', 'Gerente de projeto (B)'],
    C1: [
      '專職安全生產管理人員（機械類 C1）',
      'Full-time safety manager, machinery (C1)',
      'Gestor de segurança dedicado, máquinas (C1)',
    ],
    C2: [
      '專職安全生產管理人員（土建類 C2）',
      'Full-time safety manager, civil works (C2)',
      'Gestor de segurança dedicado, obras civis (C2)',
    ],
    C3: [
      '專職安全生產管理人員（綜合類 C3）',
      'Full-time safety manager, general (C3)',
      'Gestor de segurança dedicado, geral (C3)',
    ],
  },
  ministerial_title_rank: {
    '01': ['正高級工程師', 'Professor-level senior engineer', 'Engenheiro sênior titular'],
    '02': ['高級工程師', 'Senior engineer', 'Engenheiro sênior'],
    '03': ['工程師', 'Engineer', 'Engenheiro'],
    '04': ['助理工程師', 'Assistant engineer', 'Engenheiro assistente'],
    '05': ['技術員', 'Technician', 'Técnico'],
    '99': ['其他', 'Other', 'Outro'],
  },
  ministerial_position: {
    '01': ['法定代表人', 'Legal representative', 'Representante legal'],
    '02': ['總經理（總裁）', 'General manager (president)', 'Diretor-geral (presidente)'],
    '03': [
      '分管安全生產的副總經理（副總裁）',
      'Deputy general manager for safety',
      'Vice-diretor responsável pela segurança',
    ],
    '04': [
      '分管生產經營的副總經理（副總裁）',
      'Deputy general manager for operations',
      'Vice-diretor responsável pelas operações',
    ],
    '05': ['技術負責人', 'Technical director', 'Diretor técnico'],
    '06': ['安全總監', 'Safety director', 'Diretor de segurança'],
    '07': ['項目負責人', 'Project manager', 'Gerente de projeto'],
    '08': ['專職安全生產管理人員', 'Full-time safety manager', 'Gestor de segurança dedicado'],
    '99': ['其他', 'Other', 'Outro'],
  },
  sys_user_sex: {
    '0': ['男', 'Male', 'Masculino'],
    '1': ['女', 'Female', 'Feminino'],
    '2': ['未知', 'Unknown', 'Não informado'],
  },
  ent_id_type: {
    '111': ['居民身份證', 'Resident identity card', 'Carteira de identidade de residente'],
    '414': ['普通護照', 'Passport', 'Passaporte'],
    '516': [
      '港澳居民來往內地通行證',
      'Mainland travel permit (Hong Kong, Macao)',
      'Salvo-conduto para o continente (Hong Kong, Macau)',
    ],
    '511': ['台灣居民來往大陸通行證', 'Mainland travel permit (Taiwan)', 'Salvo-conduto para o continente (Taiwan)'],
    '999': ['其他', 'Other', 'Outro'],
  },
  cert_status: {
    '01': ['有效', 'Valid', 'Válido'],
    '02': ['暫扣', 'Suspended', 'Suspenso'],
    '03': ['撤銷', 'Rescinded', 'Anulado'],
    '04': ['註銷', 'Cancelled', 'Cancelado'],
    '05': ['失效', 'Lapsed', 'Caducado'],
    '06': ['辦理轉出', 'Transferring out', 'Em transferência'],
    '07': ['吊銷', 'Revoked', 'Cassado'],
    '99': ['其他', 'Other', 'Outro'],
  },
  exam_model: { '1': ['機考', 'Computer-based', 'Em computador'], '2': ['筆試', 'On paper', 'Em papel'] },
  apply_type: {
    new: ['新辦證書', 'New certificate', 'Novo certificado'],
    delay: ['證書延期', 'Renewal', 'Renovação'],
    inner: ['省內調動', 'Transfer within the province', 'Transferência na província'],
    in: ['省外調入', 'Transfer into the province', 'Transferência para a província'],
    out: ['調出省外', 'Transfer out of the province', 'Transferência para fora da província'],
    modify: ['證書變更', 'Change of certificate', 'Alteração do certificado'],
    revocation: ['證書註銷（企業申請）', 'Cancellation (by the enterprise)', 'Cancelamento (pela empresa)'],
    personRevocation: ['證書註銷（個人申請）', 'Cancellation (by the holder)', 'Cancelamento (pelo titular)'],
    rename: ['企業更名', 'Enterprise renaming', 'Mudança de nome da empresa'],
  },
  enterprise_qualification: {
    '1': [
      '建築工程施工總承包特級',
      'Building construction general contracting, special grade',
      'Empreitada geral de construção civil, grau especial',
    ],
    '2': [
      '建築工程施工總承包一級',
      'Building construction general contracting, grade 1',
      'Empreitada geral de construção civil, grau 1',
    ],
    '3': [
      '建築工程施工總承包二級',
      'Building construction general contracting, grade 2',
      'Empreitada geral de construção civil, grau 2',
    ],
    '4': [
      '建築工程施工總承包三級',
      'Building construction general contracting, grade 3',
      'Empreitada geral de construção civil, grau 3',
    ],
    '5': [
      '市政公用工程施工總承包一級',
      'Municipal works general contracting, grade 1',
      'Empreitada geral de obras municipais, grau 1',
    ],
    '6': [
      '市政公用工程施工總承包二級',
      'Municipal works general contracting, grade 2',
      'Empreitada geral de obras municipais, grau 2',
    ],
    '7': [
      '市政公用工程施工總承包三級',
      'Municipal works general contracting, grade 3',
      'Empreitada geral de obras municipais, grau 3',
    ],
    '8': [
      '機電工程施工總承包一級',
      'Electromechanical works general contracting, grade 1',
      'Empreitada geral eletromecânica, grau 1',
    ],
    '9': [
      '機電工程施工總承包二級',
      'Electromechanical works general contracting, grade 2',
      'Empreitada geral eletromecânica, grau 2',
    ],
    '10': [
      '公路工程施工總承包二級',
      'Highway works general contracting, grade 2',
      'Empreitada geral rodoviária, grau 2',
    ],
    '11': [
      '水利水電工程施工總承包二級',
      'Water and hydropower works general contracting, grade 2',
      'Empreitada geral hidráulica e hidrelétrica, grau 2',
    ],
    '12': [
      '地基基礎工程專業承包一級',
      'Foundation works specialty contracting, grade 1',
      'Empreitada especializada em fundações, grau 1',
    ],
    '13': [
      '建築裝修裝飾工程專業承包一級',
      'Interior finishing specialty contracting, grade 1',
      'Empreitada especializada em acabamentos, grau 1',
    ],
    '14': [
      '建築裝修裝飾工程專業承包二級',
      'Interior finishing specialty contracting, grade 2',
      'Empreitada especializada em acabamentos, grau 2',
    ],
    '15': [
      '鋼結構工程專業承包二級',
      'Steel structure specialty contracting, grade 2',
      'Empreitada especializada em estruturas de aço, grau 2',
    ],
    '16': [
      '起重設備安裝工程專業承包一級',
      'Hoisting equipment installation specialty contracting, grade 1',
      'Empreitada especializada em montagem de equipamentos de elevação, grau 1',
    ],
    '17': [
      '消防設施工程專業承包二級',
      'Fire protection works specialty contracting, grade 2',
      'Empreitada especializada em proteção contra incêndio, grau 2',
    ],
    '18': [
      '施工勞務不分等級',
      'Construction labour services (ungraded)',
      'Serviços de mão de obra na construção (sem grau)',
    ],
  },
  emp_regType: {
    '1': ['一級註冊建造師', 'First-class registered constructor', 'Construtor registrado de primeira classe'],
    '2': ['二級註冊建造師', 'Second-class registered constructor', 'Construtor registrado de segunda classe'],
    '3': [
      '二級臨時註冊建造師',
      'Second-class provisional registered constructor',
      'Construtor registrado provisório de segunda classe',
    ],
  },
  nonew_cert_comment: {
    '1': [
      '材料齊全，符合要求，同意',
      'Materials complete and compliant; agreed',
      'Documentação completa e conforme; de acordo',
    ],
    '2': [
      '經審查，符合延期條件，同意延期',
      'Meets the renewal conditions; renewal agreed',
      'Cumpre as condições de renovação; renovação aprovada',
    ],
    '3': [
      '經審查，符合調動條件，同意辦理',
      'Meets the transfer conditions; agreed',
      'Cumpre as condições de transferência; de acordo',
    ],
    '4': [
      '經核實，變更信息準確，同意變更',
      'The changed data is verified; change agreed',
      'Dados alterados verificados; alteração aprovada',
    ],
    '5': ['經核實，同意註銷', 'Verified; cancellation agreed', 'Verificado; cancelamento aprovado'],
    '6': [
      '企業名稱變更材料齊全，同意更名',
      'Renaming materials complete; renaming agreed',
      'Documentação da mudança de nome completa; mudança aprovada',
    ],
  },
  no_agree_comment: {
    '1': ['材料不全，請補正', 'Materials incomplete; please complete them', 'Documentação incompleta; favor completar'],
    '2': [
      '身份證明材料不清晰，請重新上傳',
      'Identity documents unclear; please upload them again',
      'Documentos de identidade ilegíveis; favor reenviar',
    ],
    '3': [
      '三庫人員信息不一致，不予受理',
      'Inconsistent with the three databases; not accepted',
      'Inconsistente com as três bases de dados; não aceito',
    ],
    '4': [
      '繼續教育學時不足，不予延期',
      'Not enough continuing-education hours; renewal refused',
      'Horas de formação contínua insuficientes; renovação recusada',
    ],
    '5': ['超過規定年齡，不予辦理', 'Over the age limit; refused', 'Acima da idade-limite; recusado'],
    '6': [
      '存在其他在辦業務，請辦結後再申請',
      'Another application is in progress; apply when it is closed',
      'Há outro pedido em andamento; solicite após a conclusão',
    ],
    '7': [
      '未在申請企業取得有效註冊建造師執業資格，不予辦理',
      'No valid registered-constructor qualification at the applying enterprise; refused',
      'Sem registro válido de construtor na empresa requerente; recusado',
    ],
    '8': [
      '證書已過有效期，不予延期，請重新參加考核',
      'The certificate has expired; renewal refused, please retake the assessment',
      'O certificado expirou; renovação recusada, refaça a avaliação',
    ],
    '9': [
      '證書處於暫扣期內，不予辦理',
      'The certificate is suspended; refused',
      'O certificado está suspenso; recusado',
    ],
  },
  new_cert_comment: {
    '1': [
      '材料齊全，符合要求，同意',
      'Materials complete and compliant; agreed',
      'Documentação completa e conforme; de acordo',
    ],
    '2': [
      '考核合格，符合新辦條件，同意核發證書',
      'Assessment passed; issue of the certificate agreed',
      'Avaliação aprovada; emissão do certificado aprovada',
    ],
    '3': [
      '經審查，申請人符合安管人員考核條件，同意',
      'The applicant meets the assessment conditions; agreed',
      'O requerente cumpre as condições de avaliação; de acordo',
    ],
    '4': [
      '同意，請企業按時領取證書',
      'Agreed; the enterprise may collect the certificate',
      'De acordo; a empresa pode retirar o certificado',
    ],
  },
  affiliationRelation: {
    '10': ['中央', 'Central government', 'Governo central'],
    '20': ['省（自治區、直轄市）', 'Province (region, municipality)', 'Província (região, município)'],
    '40': ['地（區、市、州、盟）', 'Prefecture (city)', 'Prefeitura (cidade)'],
    '50': ['縣（區、市、旗）', 'County (district)', 'Condado (distrito)'],
    '90': ['其他', 'Other', 'Outro'],
  },
  certificateIssuingAuthority: {
    '440000': [
      '廣東省住房和城鄉建設廳',
      'Department of Housing and Urban-Rural Development of Guangdong',
      'Departamento de Habitação e Desenvolvimento Urbano-Rural de Guangdong',
    ],
    '000000': [
      '中華人民共和國住房和城鄉建設部',
      'Ministry of Housing and Urban-Rural Development',
      'Ministério da Habitação e Desenvolvimento Urbano-Rural',
    ],
    '110000': [
      '北京市住房和城鄉建設委員會',
      'Beijing Municipal Commission of Housing and Urban-Rural Development',
      'Comissão de Habitação e Desenvolvimento Urbano-Rural de Pequim',
    ],
    '350000': [
      '福建省住房和城鄉建設廳',
      'Department of Housing and Urban-Rural Development of Fujian',
      'Departamento de Habitação e Desenvolvimento Urbano-Rural de Fujian',
    ],
    '360000': [
      '江西省住房和城鄉建設廳',
      'Department of Housing and Urban-Rural Development of Jiangxi',
      'Departamento de Habitação e Desenvolvimento Urbano-Rural de Jiangxi',
    ],
    '430000': [
      '湖南省住房和城鄉建設廳',
      'Department of Housing and Urban-Rural Development of Hunan',
      'Departamento de Habitação e Desenvolvimento Urbano-Rural de Hunan',
    ],
    '450000': [
      '廣西壯族自治區住房和城鄉建設廳',
      'Department of Housing and Urban-Rural Development of Guangxi',
      'Departamento de Habitação e Desenvolvimento Urbano-Rural de Guangxi',
    ],
    '460000': [
      '海南省住房和城鄉建設廳',
      'Department of Housing and Urban-Rural Development of Hainan',
      'Departamento de Habitação e Desenvolvimento Urbano-Rural de Hainan',
    ],
  },
  ministerial_diploma: {
    '01': ['博士研究生', 'Doctorate', 'Doutorado'],
    '02': ['碩士研究生', "Master's degree", 'Mestrado'],
    '03': ['大學本科', "Bachelor's degree", 'Bacharelado'],
    '04': ['大學專科', 'Associate degree', 'Curso superior tecnológico'],
    '05': ['中等專科', 'Secondary vocational school', 'Ensino técnico de nível médio'],
    '06': ['高中', 'Senior high school', 'Ensino médio'],
    '07': ['初中及以下', 'Junior high school or below', 'Ensino fundamental ou menos'],
    '99': ['其他', 'Other', 'Outro'],
  },
  emp_employStatus: {
    '1': ['在職', 'Employed', 'Empregado'],
    '2': ['離職', 'Left', 'Desligado'],
    '3': ['退休', 'Retired', 'Aposentado'],
  },
};

/** The four labels of a value: zh-CN as given, the others from the table (zh-CN where a translation is missing). */
export function labelsOf(
  dictType: string,
  value: string,
  zhCN: string,
): Record<'zh-CN' | 'zh-TW' | 'en-US' | 'pt-BR', string> {
  const t = DICTIONARY_LABELS[dictType]?.[value];
  return { 'zh-CN': zhCN, 'zh-TW': t?.[0] ?? zhCN, 'en-US': t?.[1] ?? zhCN, 'pt-BR': t?.[2] ?? zhCN };
}
