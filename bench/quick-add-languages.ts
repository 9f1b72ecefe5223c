// The corpora bench/quick-add.ts times in each language (SPEC §20): titles as people write them,
// additions the parser reads, and words that must stay in the title; built into 1,000 lines as
// English's are.
export interface Corpus {
  titles: readonly string[];
  additions: readonly string[];
  mustNot: readonly string[];
}

export const CORPORA: Readonly<Record<'de' | 'es' | 'fr' | 'pt-BR' | 'ja', Corpus>> = {
  de: {
    titles: ['Milch kaufen', 'Klempner wegen der Heizung anrufen', 'Bibliotheksausweis verlängern', 'Miete zahlen', 'Fotos an Sam schicken', 'Zahnarzttermin machen', 'Blumen gießen', 'Regal im Flur reparieren', 'Präsentation für das Quartalsgespräch mit dem ganzen Team vorbereiten'],
    additions: ['', '', '', 'morgen', 'heute', 'Freitag', 'nächsten Freitag', 'in 3 Tagen', 'am 24.12.', '24. Dezember', 'um 15 Uhr', 'morgen um 9 !hoch', '17:30', 'übermorgen', '#Groceries', 'jeden Tag', 'jeden Montag und Donnerstag', 'alle 2 Wochen', 'montags', 'bis Freitag um 15.30 Uhr #Work !hoch', 'nächste Woche', 'um 14 Uhr für 45 Min'],
    mustNot: ['Mai Thai Restaurant', 'Guten Morgen sagen', 'Um 3 Ecken denken', 'Zimmer 101', 'Version 2.1 testen', 'Freitag der 13. schauen', '3 Tage Urlaub planen'],
  },
  es: {
    titles: ['Comprar leche', 'Llamar al fontanero por la caldera', 'Renovar el carnet de la biblioteca', 'Pagar el alquiler', 'Mandar las fotos a Sam', 'Pedir cita con el dentista', 'Regar las plantas', 'Preparar la presentación para la reunión trimestral con todo el equipo'],
    additions: ['', '', '', 'mañana', 'hoy', 'el viernes', 'el viernes que viene', 'en 3 días', 'el 24 de diciembre', '24/12', 'a las 15', 'mañana a las 9 !alta', 'a las 5 de la tarde', 'pasado mañana', '#Groceries', 'cada día', 'cada lunes y jueves', 'cada 2 semanas', 'antes del viernes a las 17:30 #Work !alta', 'la semana que viene', 'a las 9 durante 45 min'],
    mustNot: ['Correr por la mañana', 'Quedar en el Lunes bar', 'Viaje a Santo Domingo', 'Comprar 1/2 kilo de harina', 'Abierto 24/7', 'Mesa a las 9 personas', 'Llamar a Domingo'],
  },
  fr: {
    titles: ['Acheter du lait', 'Appeler le plombier pour la chaudière', 'Renouveler la carte de bibliothèque', 'Payer le loyer', 'Envoyer les photos à Sam', 'Prendre rendez-vous chez le dentiste', 'Arroser les plantes', 'Préparer la présentation de la revue trimestrielle avec toute l’équipe'],
    additions: ['', '', '', 'demain', "aujourd'hui", 'vendredi', 'vendredi prochain', 'dans 3 jours', 'le 24 décembre', '24/12', 'à 15h', 'demain à 9h !haute', '15h30', 'après-demain', '#Groceries', 'tous les jours', 'tous les lundis et jeudis', 'chaque mardi', "d'ici vendredi à 17h30 #Work !haute", 'la semaine prochaine', 'à 14h pendant 45 min'],
    mustNot: ['Marché de Noël', 'Crêpes pour Mardi gras', 'Sport 2h', 'Salle 101 à réserver', 'Table à 8 personnes', 'Avant-première du film', 'Acheter 1/2 litre de lait'],
  },
  'pt-BR': {
    titles: ['Comprar leite', 'Ligar pro encanador sobre o aquecedor', 'Renovar a carteirinha da biblioteca', 'Pagar o aluguel', 'Mandar as fotos pro Sam', 'Marcar dentista', 'Regar as plantas', 'Preparar a apresentação da reunião trimestral com toda a equipe'],
    additions: ['', '', '', 'amanhã', 'hoje', 'sexta-feira', 'sexta que vem', 'daqui a 3 dias', 'dia 24 de dezembro', '25/12', 'às 15h', 'amanhã às 9h !alta', '14h30', 'depois de amanhã', '#Groceries', 'todo dia', 'toda segunda e quinta', 'a cada 2 semanas', 'até sexta às 17h30 #Work !alta', 'na próxima semana', 'às 14h por 45 min'],
    mustNot: ['Pagar segunda via do boleto', 'Sábado de Aleluia', 'Passeio na Quinta da Boa Vista', 'Dia 1 de academia', 'Ligar pro Domingos', 'Mesa às 8 pessoas', 'Sala 101'],
  },
  ja: {
    titles: ['牛乳を買う', 'ボイラーの件で配管工に電話', '図書館カードを更新', '家賃を払う', 'サムに写真を送る', '歯医者を予約', '植物に水をやる', 'チーム全員との四半期レビュー会議の資料を準備する'],
    additions: ['', '', '', '明日', '今日', '金曜', '来週の金曜', '3日後', '12月24日', '12/24', '15時に', '明日9時 !高', '午後3時', '明後日', '#Groceries', '毎日', '毎週月曜と木曜', '隔週', '金曜まで 17:30 #Work !高', '来週', '15時から1時間'],
    mustNot: ['明日香に電話', '今日子と会う', '毎日新聞を読む', '日曜大工の道具', '3日間の研修', '3人で食事', '101号室'],
  },
};

/** Line i: a must-not phrase every 10th line, else a title with an addition before or after it (deterministic). */
export function corpusOf({ titles, additions, mustNot }: Corpus, lines: number, joiner = ' '): string[] {
  return Array.from({ length: lines }, (_, i) => {
    if (i % 10 === 9) return mustNot[(i / 10) % mustNot.length | 0] as string;
    const title = titles[(i * 7) % titles.length] as string;
    const extra = additions[(i * 13) % additions.length] as string;
    if (!extra) return title;
    return i % 3 === 0 ? `${extra}${joiner}${title}` : `${title}${joiner}${extra}`;
  });
}
