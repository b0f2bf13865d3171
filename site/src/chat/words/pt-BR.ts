import type { ChatWords } from '../chat-words-shape.ts'

/** As palavras próprias do assistente em português do Brasil. */
export const words: ChatWords = {
  yourMessage: 'Sua mensagem',
  placeholder: 'Pergunte sobre projetos, habilidades…',
  send: 'Enviar',
  conversation: 'Conversa',
  you: 'Você: ',
  assistant: 'Assistente: ',
  typing: 'O assistente está digitando',
  suggestedQuestions: 'Perguntas sugeridas',
  youCouldAsk: 'Você pode perguntar',
  opensInNewTab: ' (abre em uma nova aba)',
  readMore: 'Saiba mais: ',
  smallTalk: {
    thanks: 'De nada! Pergunte o que quiser sobre os projetos de {name}, ou escreva para {email}.',
    identity:
      'Sou o assistente do portfólio de {name}. Respondo com o que este site diz, aqui mesmo no seu navegador: sem servidor e sem serviço de IA.',
    abilities:
      'Posso responder perguntas sobre os projetos de {name} e o que dizem os seus estudos de caso (funcionalidades, arquitetura, banco de dados, segurança, implantação, API), as tecnologias, a experiência, a localização e a disponibilidade. Experimente uma destas:',
    goodbye: 'Obrigado pela visita! Você pode falar com {name} em {email}.',
  },
  smallTalkPhrases: {
    greeting: ['olá', 'oi', 'bom dia', 'boa tarde', 'boa noite', 'tudo bem'],
    thanks: ['obrigado', 'obrigada', 'muito obrigado', 'muito obrigada', 'valeu'],
    goodbye: ['tchau', 'até logo', 'até mais', 'adeus'],
    identity: ['quem é você', 'você é um robô', 'você é um bot'],
    abilities: ['o que você sabe fazer', 'o que você pode fazer', 'ajuda'],
  },
}
