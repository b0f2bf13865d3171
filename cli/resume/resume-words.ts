import { primaryLanguage } from '../../site/src/i18n/languages.ts'

/**
 * The resume's own words in each language of the shipped UI catalogues: its headings, the word for
 * an end that has not come, and its document metadata. Kept with the resume, not in the site's
 * catalogue: these are a printed CV's words ("Berufserfahrung", not the site's "Experience" link).
 */
export interface ResumeWords {
  summary: string
  keyResults: string
  experience: string
  projects: string
  skills: string
  education: string
  certifications: string
  publications: string
  talks: string
  /** The label before a project's technologies, with its colon as the language writes it. */
  tech: string
  /** The end of a period that has not ended: "Apr 2019 – Present". */
  present: string
  /** Between a title and what follows it, and between list items. */
  comma: string
  /** The photo's description in the tagged PDF. */
  photoAlt: (name: string) => string
  /** The PDF's subject. */
  subject: (name: string, role: string) => string
}

const ENGLISH: ResumeWords = {
  summary: 'Summary',
  keyResults: 'Key results',
  experience: 'Experience',
  projects: 'Projects',
  skills: 'Skills',
  education: 'Education',
  certifications: 'Certifications',
  publications: 'Publications',
  talks: 'Talks',
  tech: 'Tech:',
  present: 'Present',
  comma: ', ',
  photoAlt: (name) => `Photo of ${name}`,
  subject: (name, role) => `Resume of ${name}, ${role}`,
}

const WORDS: Record<string, ResumeWords> = {
  en: ENGLISH,
  es: {
    summary: 'Perfil',
    keyResults: 'Resultados clave',
    experience: 'Experiencia',
    projects: 'Proyectos',
    skills: 'Habilidades',
    education: 'Formación',
    certifications: 'Certificaciones',
    publications: 'Publicaciones',
    talks: 'Charlas',
    tech: 'Tecnologías:',
    present: 'actualidad',
    comma: ', ',
    photoAlt: (name) => `Foto de ${name}`,
    subject: (name, role) => `Currículum de ${name}, ${role}`,
  },
  fr: {
    summary: 'Profil',
    keyResults: 'Résultats clés',
    experience: 'Expérience professionnelle',
    projects: 'Projets',
    skills: 'Compétences',
    education: 'Formation',
    certifications: 'Certifications',
    publications: 'Publications',
    talks: 'Conférences',
    // French sets a (no-break) space before a colon.
    tech: 'Technologies\u00a0:',
    present: 'aujourd’hui',
    comma: ', ',
    photoAlt: (name) => `Photo de ${name}`,
    subject: (name, role) => `CV de ${name}, ${role}`,
  },
  de: {
    summary: 'Profil',
    keyResults: 'Wichtige Ergebnisse',
    experience: 'Berufserfahrung',
    projects: 'Projekte',
    skills: 'Kenntnisse',
    education: 'Ausbildung',
    certifications: 'Zertifikate',
    publications: 'Publikationen',
    talks: 'Vorträge',
    tech: 'Technologien:',
    present: 'heute',
    comma: ', ',
    photoAlt: (name) => `Foto von ${name}`,
    subject: (name, role) => `Lebenslauf von ${name}, ${role}`,
  },
  'pt-BR': {
    summary: 'Resumo',
    keyResults: 'Principais resultados',
    experience: 'Experiência',
    projects: 'Projetos',
    skills: 'Habilidades',
    education: 'Formação',
    certifications: 'Certificações',
    publications: 'Publicações',
    talks: 'Palestras',
    tech: 'Tecnologias:',
    present: 'atual',
    comma: ', ',
    photoAlt: (name) => `Foto de ${name}`,
    subject: (name, role) => `Currículo de ${name}, ${role}`,
  },
  hi: {
    summary: 'सारांश',
    keyResults: 'मुख्य परिणाम',
    experience: 'अनुभव',
    projects: 'परियोजनाएँ',
    skills: 'कौशल',
    education: 'शिक्षा',
    certifications: 'प्रमाणपत्र',
    publications: 'प्रकाशन',
    talks: 'व्याख्यान',
    tech: 'तकनीकें:',
    present: 'वर्तमान',
    comma: ', ',
    photoAlt: (name) => `${name} की फ़ोटो`,
    subject: (name, role) => `${name} का रिज़्यूमे, ${role}`,
  },
  ar: {
    summary: 'نبذة',
    keyResults: 'أبرز النتائج',
    experience: 'الخبرة العملية',
    projects: 'المشاريع',
    skills: 'المهارات',
    education: 'التعليم',
    certifications: 'الشهادات',
    publications: 'المنشورات',
    talks: 'المحاضرات',
    tech: 'التقنيات:',
    present: 'حتى الآن',
    comma: '، ',
    photoAlt: (name) => `صورة ${name}`,
    subject: (name, role) => `السيرة الذاتية: ${name}، ${role}`,
  },
}

/** The languages the resume has its own words for. */
export const RESUME_LANGUAGES: readonly string[] = Object.keys(WORDS)

/**
 * The resume's words in `tag`: its own, else its primary language's (`pt` for `pt-PT` has none, so
 * English), else English. A portfolio's own words for the site (i18n/<tag>.yaml) are not read here.
 */
export function resumeWords(tag: string): ResumeWords {
  return WORDS[tag] ?? WORDS[primaryLanguage(tag)] ?? ENGLISH
}
