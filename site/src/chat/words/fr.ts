import type { ChatWords } from '../chat-words-shape.ts'

/** Les mots propres de l'assistant en français. */
export const words: ChatWords = {
  yourMessage: 'Votre message',
  placeholder: 'Posez une question sur les projets, les compétences…',
  send: 'Envoyer',
  conversation: 'Conversation',
  you: 'Vous : ',
  assistant: 'Assistant : ',
  typing: "L'assistant écrit",
  suggestedQuestions: 'Questions suggérées',
  youCouldAsk: 'Vous pourriez demander',
  opensInNewTab: ' (s’ouvre dans un nouvel onglet)',
  readMore: 'En savoir plus : ',
  smallTalk: {
    thanks: "Avec plaisir ! Posez-moi d'autres questions sur les projets de {name}, ou écrivez à {email}.",
    identity:
      "Je suis l'assistant du portfolio de {name}. Je réponds à partir de ce que dit ce site, directement dans votre navigateur : ni serveur ni service d'IA.",
    abilities:
      'Je peux répondre aux questions sur les projets de {name} et sur ce que disent leurs études de cas (fonctionnalités, architecture, base de données, sécurité, déploiement, API), sur les technologies, l’expérience, la localisation et la disponibilité. Essayez par exemple :',
    goodbye: 'Merci de votre visite ! Vous pouvez joindre {name} à {email}.',
  },
  smallTalkPhrases: {
    greeting: ['bonjour', 'salut', 'bonsoir', 'coucou', 'comment allez-vous', 'ça va'],
    thanks: ['merci', 'merci beaucoup', 'merci bien'],
    goodbye: ['au revoir', 'à bientôt', 'bonne journée', 'bonne soirée'],
    identity: ['qui êtes-vous', 'qui es-tu', 'es-tu un robot', 'êtes-vous un robot'],
    abilities: ['que sais-tu faire', 'que pouvez-vous faire', 'aide'],
  },
}
