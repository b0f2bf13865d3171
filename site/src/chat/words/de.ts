import type { ChatWords } from '../chat-words-shape.ts'

/** Die eigenen Worte des Assistenten auf Deutsch. */
export const words: ChatWords = {
  yourMessage: 'Ihre Nachricht',
  placeholder: 'Fragen Sie nach Projekten, Kenntnissen…',
  send: 'Senden',
  conversation: 'Unterhaltung',
  you: 'Sie: ',
  assistant: 'Assistent: ',
  typing: 'Der Assistent schreibt',
  suggestedQuestions: 'Vorgeschlagene Fragen',
  youCouldAsk: 'Sie könnten fragen',
  opensInNewTab: ' (öffnet in einem neuen Tab)',
  readMore: 'Mehr dazu: ',
  smallTalk: {
    thanks: 'Gern geschehen! Fragen Sie mich gern mehr zu den Projekten von {name}, oder schreiben Sie an {email}.',
    identity:
      'Ich bin der Assistent des Portfolios von {name}. Ich antworte aus dem, was diese Website sagt, direkt in Ihrem Browser: ohne Server und ohne KI-Dienst.',
    abilities:
      'Ich beantworte Fragen zu den Projekten von {name} und dazu, was ihre Fallstudien sagen (Funktionen, Architektur, Datenbank, Sicherheit, Deployment, API), zum Tech-Stack, zur Erfahrung, zum Standort und zur Verfügbarkeit. Probieren Sie eine dieser Fragen:',
    goodbye: 'Danke für Ihren Besuch! Sie erreichen {name} unter {email}.',
  },
  smallTalkPhrases: {
    greeting: ['hallo', 'guten tag', 'guten morgen', 'guten abend', 'moin', 'servus', 'wie geht es ihnen'],
    thanks: ['danke', 'danke schön', 'vielen dank', 'dankeschön'],
    goodbye: ['tschüss', 'auf wiedersehen', 'bis bald', 'schönen tag noch'],
    identity: ['wer sind sie', 'wer bist du', 'bist du ein bot', 'sind sie ein bot'],
    abilities: ['was kannst du', 'was können sie', 'hilfe'],
  },
}
