import type { ChatWords } from '../chat-words-shape.ts'

/** Las palabras propias del asistente en español. */
export const words: ChatWords = {
  yourMessage: 'Tu mensaje',
  placeholder: 'Pregunta por proyectos, habilidades…',
  send: 'Enviar',
  conversation: 'Conversación',
  you: 'Tú: ',
  assistant: 'Asistente: ',
  typing: 'El asistente está escribiendo',
  suggestedQuestions: 'Preguntas sugeridas',
  youCouldAsk: 'Podrías preguntar',
  opensInNewTab: ' (se abre en una pestaña nueva)',
  readMore: 'Más información: ',
  smallTalk: {
    thanks: '¡De nada! Pregúntame lo que quieras sobre los proyectos de {name}, o escribe a {email}.',
    identity:
      'Soy el asistente del portfolio de {name}. Respondo con lo que dice este sitio, aquí mismo en tu navegador: sin servidor y sin servicios de IA.',
    abilities:
      'Puedo responder preguntas sobre los proyectos de {name} y lo que cuentan sus casos de estudio (funciones, arquitectura, base de datos, seguridad, despliegue, API), las tecnologías, la experiencia, la ubicación y la disponibilidad. Prueba con una de estas:',
    goodbye: '¡Gracias por la visita! Puedes contactar con {name} en {email}.',
  },
  smallTalkPhrases: {
    greeting: ['hola', 'buenos días', 'buenas tardes', 'buenas noches', 'buenas', 'qué tal'],
    thanks: ['gracias', 'muchas gracias', 'mil gracias'],
    goodbye: ['adiós', 'hasta luego', 'hasta pronto', 'nos vemos'],
    identity: ['quién eres', 'eres un bot', 'eres un robot'],
    abilities: ['qué puedes hacer', 'qué sabes hacer', 'ayuda'],
  },
}
