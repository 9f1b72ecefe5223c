// Quick add in Brazilian Portuguese (SPEC §20): a golden table, half as people type, half edge cases.
import { describe, expect, it } from 'vitest';
import { words } from '@/domain/quick-add/pt-BR';
import { D, reader, type Seen } from './read';

const read = reader(words);

describe('Portuguese, as people type', () => {
  it.each<[string, Seen]>([
    ['Dentista amanhã às 15h', { title: 'Dentista', date: D.tomorrow, time: '15:00' }],
    ['Academia toda segunda', { title: 'Academia', repeat: 'FREQ=WEEKLY;BYDAY=MO @ 2026-11-30' }],
    ['Entregar relatório até sexta', { title: 'Entregar relatório', deadline: D.fri }],
    ['Ligar pra mãe hoje', { title: 'Ligar pra mãe', date: D.today }],
    ['Reunião sexta-feira às 10h', { title: 'Reunião', date: D.fri, time: '10:00' }],
    ['Churrasco no sábado', { title: 'Churrasco', date: D.sat }],
    ['Pagar boleto depois de amanhã', { title: 'Pagar boleto', date: D.after }],
    ['Natal em família 25/12', { title: 'Natal em família', date: '2026-12-25' }],
    ['Aniversário da Ana dia 24 de dezembro', { title: 'Aniversário da Ana', date: D.dec24 }],
    ['Pagar aluguel no dia 10', { title: 'Pagar aluguel', date: '2026-12-10' }],
    ['Viagem daqui a 2 semanas', { title: 'Viagem', date: D.in2w }],
    ['Consulta em 3 dias', { title: 'Consulta', date: D.in3 }],
    ['Reunião sexta que vem', { title: 'Reunião', date: D.nextFri }],
    ['Feira na próxima terça', { title: 'Feira', date: '2026-12-01' }],
    ['Limpar a casa todas as sextas', { title: 'Limpar a casa', repeat: 'FREQ=WEEKLY;BYDAY=FR @ 2026-11-27' }],
    ['Tomar remédio todo dia às 8h', { title: 'Tomar remédio', repeat: 'FREQ=DAILY @ 2026-11-25', time: '08:00' }],
    ['Regar plantas a cada 3 dias', { title: 'Regar plantas', repeat: 'FREQ=DAILY;INTERVAL=3 @ 2026-11-25' }],
    ['Reunião amanhã às 9h por 45 min', { title: 'Reunião', date: D.tomorrow, time: '09:00', duration: 45 }],
    ['Almoço com o João às 12h30', { title: 'Almoço com o João', date: D.today, time: '12:30' }],
    ['Faxina no fim de semana', { title: 'Faxina', date: D.sat }],
    ['Dentista na próxima semana', { title: 'Dentista', date: D.nextWeek }],
    ['Pagar IPVA mês que vem !alta', { title: 'Pagar IPVA', date: D.nextMonth, priority: 3 }],
    ['Pão #groceries amanhã', { title: 'Pão', list: 'groceries', date: D.tomorrow }],
    ['Inglês toda terça e quinta', { title: 'Inglês', repeat: 'FREQ=WEEKLY;BYDAY=TU,TH @ 2026-11-26' }],
    ['Ligar pro banco amanhã de manhã', { title: 'Ligar pro banco', date: D.tomorrow }],
    ['Festa sábado às 20h', { title: 'Festa', date: D.sat, time: '20:00' }],
    ['Revisar contrato !baixa', { title: 'Revisar contrato', priority: 1 }],
    ['Relatório mensalmente', { title: 'Relatório', repeat: 'FREQ=MONTHLY;BYMONTHDAY=25 @ 2026-11-25' }],
    ['Call Sam tomorrow at 5pm', { title: 'Call Sam', date: D.tomorrow, time: '17:00' }],
    ['Pilates na quarta às 7h', { title: 'Pilates', date: D.today, time: '07:00' }],
  ])('%s', (text, seen) => expect(read(text)).toEqual(seen));
});

describe('Portuguese edge cases', () => {
  it.each<[string, Seen]>([
    // accents typed or not
    ['Dentista amanha as 15h', { title: 'Dentista', date: D.tomorrow, time: '15:00' }],
    ['Reuniao proxima sexta', { title: 'Reuniao', date: D.nextFri }],
    ['Churrasco sabado', { title: 'Churrasco', date: D.sat }],
    ['Relatorio ate sexta', { title: 'Relatorio', deadline: D.fri }],
    ['Ingles toda terca', { title: 'Ingles', repeat: 'FREQ=WEEKLY;BYDAY=TU @ 2026-12-01' }],
    ['Festa depois de amanha', { title: 'Festa', date: D.after }],
    // weekday spellings
    ['Reunião sexta feira', { title: 'Reunião', date: D.fri }],
    ['Reunião segunda-feira', { title: 'Reunião', date: D.mon }],
    ['Dentista na quinta', { title: 'Dentista', date: D.thu }],
    ['Dentista quinta-feira que vem', { title: 'Dentista', date: '2026-12-03' }],
    // word order
    ['Amanhã às 15h dentista', { title: 'dentista', date: D.tomorrow, time: '15:00' }],
    ['Às 9h amanhã reunião', { title: 'reunião', date: D.tomorrow, time: '09:00' }],
    ['Sexta-feira: entregar relatório', { title: 'entregar relatório', date: D.fri }],
    ['Sexta: entregar relatório', { title: 'Sexta: entregar relatório' }],
    // next / this
    ['Reunião nesta sexta', { title: 'Reunião', date: D.fri }],
    ['Reunião esta sexta', { title: 'Reunião', date: D.fri }],
    ['Reunião semana que vem', { title: 'Reunião', date: D.nextWeek }],
    // numbers
    ['Consulta 24/12 às 14h', { title: 'Consulta', date: D.dec24, time: '14:00' }],
    ['Consulta 24/12/2027', { title: 'Consulta', date: '2027-12-24' }],
    ['Consulta às 15:30', { title: 'Consulta', date: D.today, time: '15:30' }],
    ['Consulta às 3 da tarde', { title: 'Consulta', date: D.today, time: '15:00' }],
    ['Corrida às 6 da manhã', { title: 'Corrida', date: D.today, time: '06:00' }],
    ['Consulta 14h30', { title: 'Consulta', date: D.today, time: '14:30' }],
    ['Consulta 31/02', { title: 'Consulta 31/02' }],
    // must-nots
    ['Pagar segunda via do boleto', { title: 'Pagar segunda via do boleto' }],
    ['Sábado de Aleluia', { title: 'Sábado de Aleluia' }],
    ['Missa de Domingo de Ramos', { title: 'Missa de Domingo de Ramos' }],
    ['Passeio na Quinta da Boa Vista', { title: 'Passeio na Quinta da Boa Vista' }],
    ['Sexta série reunião de pais', { title: 'Sexta série reunião de pais' }],
    ['Quarta parte do livro', { title: 'Quarta parte do livro' }],
    ['Dia 1 de academia', { title: 'Dia 1 de academia' }],
    ['Comprar 1/2 kg de carne', { title: 'Comprar 1/2 kg de carne' }],
    ['Ligar pro Domingos', { title: 'Ligar pro Domingos' }],
    ['Mesa às 8 pessoas', { title: 'Mesa às 8 pessoas' }],
    ['Dormir 8 horas', { title: 'Dormir 8 horas' }],
    ['Sala 101', { title: 'Sala 101' }],
    ['Loja a 3 quadras', { title: 'Loja a 3 quadras' }],
    ['Sexta-feira Santa', { title: 'Sexta-feira Santa' }],
  ])('%s', (text, seen) => expect(read(text)).toEqual(seen));
});
