import { primaryLanguage } from '../i18n/languages.ts'

/**
 * The floating chat button's words, which every page renders (with JavaScript off too), and the
 * message shown when the panel's code cannot be loaded (then its words cannot be either). A few
 * words per language, kept here rather than with the panel's (chat-words.ts), which load with it.
 */
export interface ChatToggleWords {
  openChat: string
  closeChat: string
  loadError: string
}

const TOGGLE_WORDS: Readonly<Record<string, ChatToggleWords>> = {
  en: {
    openChat: 'Open chat',
    closeChat: 'Close chat',
    loadError: 'The assistant could not be loaded. Please reload the page to try again.',
  },
  es: {
    openChat: 'Abrir el chat',
    closeChat: 'Cerrar el chat',
    loadError: 'No se pudo cargar el asistente. Vuelve a cargar la página para intentarlo de nuevo.',
  },
  fr: {
    openChat: 'Ouvrir la discussion',
    closeChat: 'Fermer la discussion',
    loadError: "L'assistant n'a pas pu être chargé. Rechargez la page pour réessayer.",
  },
  de: {
    openChat: 'Chat öffnen',
    closeChat: 'Chat schließen',
    loadError: 'Der Assistent konnte nicht geladen werden. Bitte laden Sie die Seite neu.',
  },
  'pt-BR': {
    openChat: 'Abrir o chat',
    closeChat: 'Fechar o chat',
    loadError: 'Não foi possível carregar o assistente. Recarregue a página para tentar de novo.',
  },
  hi: {
    openChat: 'चैट खोलें',
    closeChat: 'चैट बंद करें',
    loadError: 'सहायक लोड नहीं हो सका। कृपया पेज फिर से लोड करके देखें।',
  },
  ar: {
    openChat: 'افتح المحادثة',
    closeChat: 'أغلق المحادثة',
    loadError: 'تعذّر تحميل المساعد. يُرجى إعادة تحميل الصفحة والمحاولة مرة أخرى.',
  },
}

/** The button's words in `lang` (by its tag, else its primary language: `pt` has `pt-BR`'s; English otherwise). */
export function chatToggleWords(lang: string): ChatToggleWords {
  const primary = primaryLanguage(lang)
  return (
    TOGGLE_WORDS[lang] ??
    TOGGLE_WORDS[primary] ??
    (primary === 'pt' ? TOGGLE_WORDS['pt-BR'] : undefined) ??
    TOGGLE_WORDS.en!
  )
}
