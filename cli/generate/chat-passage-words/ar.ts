import { listIn } from './lists.ts'
import type { PassageWords } from './shape.ts'

const CARDINALITIES: Readonly<Record<string, string>> = {
  'one-to-one': 'واحد إلى واحد',
  'one-to-many': 'واحد إلى متعدد',
  'many-to-many': 'متعدد إلى متعدد',
}
const RESETS: Readonly<Record<string, string>> = { nightly: 'كل ليلة', daily: 'كل يوم' }
/** Arabic's own comma and semicolon. */
const COMMA = '، '
const SEMICOLON = '؛ '

export const arabic: PassageWords = {
  lang: 'ar',
  about: 'نبذة',
  techStack: 'التقنيات',
  contact: 'تواصل',
  resume: 'السيرة الذاتية',
  who: 'من',
  location: 'الموقع',
  experience: 'الخبرة',
  availability: 'التوفر',
  highlights: 'أبرز النقاط',
  education: 'التعليم',
  contactEmail: 'البريد الإلكتروني للتواصل',
  resumeTitle: 'السيرة الذاتية CV',
  writingPost: 'مقال في المدونة',
  writing: 'المدونة',
  tech: 'التقنيات',
  achievements: 'الإنجازات',
  metrics: 'المؤشرات',
  demoLogin: 'دخول النسخة التجريبية',
  linksTitle: 'الروابط: النسخة التجريبية المباشرة والموقع ومستودع الشيفرة المصدرية',
  builtForTitle: 'لمن (الجمهور)',
  testCards: 'بطاقات الاختبار',
  relations: 'العلاقات',
  unique: 'فريد',
  basedIn: (name, place) => `يقيم ${name} في ${place}.`,
  yearsInOperations: (years) => `${years} سنوات في العمليات التجارية`,
  yearsFullStack: (years) => `${years} سنوات في تطوير الواجهات والخوادم`,
  has: (name, what) => `لدى ${name} ${listIn('ar', what, 'conjunction')}.`,
  roleExperience: (role) => `خبرة ${role}`,
  at: (place) => `في ${place}`,
  inArea: (area) => `في ${area}`,
  period: (start, end) => `(${start} إلى ${end || 'الآن'})`,
  email: (address) => `البريد الإلكتروني: ${address}`,
  resumeLink: (label) => `${label} (PDF): الرابط في تذييل كل صفحة.`,
  post: (title, date) => `${title} (مقال، ${date})`,
  tags: (tags) => `الوسوم: ${tags.join(COMMA)}.`,
  uses: (project, tech) => `يستخدم ${project} ${tech.join(COMMA)}.`,
  builtFor: (project, groups) => `صُمم ${project} لـ: ${groups.join(SEMICOLON)}.`,
  demo: (email, password, reset) =>
    `دخول النسخة التجريبية: ${email} بكلمة المرور ${password}${SEMICOLON}تُعاد بيانات النسخة التجريبية ${RESETS[reset] ?? reset}.`,
  links: (project, live, code) =>
    `النسخة التجريبية المباشرة من ${project}: ${live}.${code ? ` الشيفرة المصدرية: ${code}.` : ''}`,
  stack: (group) => `تقنيات ${group}`,
  endpoint: (method, path) => `نقطة النهاية ${method} ${path}`,
  testCardsList: (cards) => `بطاقات الاختبار: ${cards.join(SEMICOLON)}.`,
  table: (name) => `جدول ${name}`,
  entity: (name, description, fields) => `${name}: ${description} الحقول: ${fields.join(SEMICOLON)}.`,
  oneOf: (values) => `إحدى القيم ${listIn('ar', values, 'disjunction')}`,
  defaultValue: (value) => `القيمة الافتراضية ${value}`,
  relation: (from, to, cardinality) => `${from} إلى ${to}: ${CARDINALITIES[cardinality] ?? cardinality}`,
  relationsList: (relations) => `العلاقات: ${relations.join(SEMICOLON)}.`,
  auth: { public: 'عام', user: 'مستخدم مسجّل', admin: 'مسؤول', signed: 'موقّع' },
}
