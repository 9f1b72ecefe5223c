// Quick add in Spanish (SPEC §20): a golden table, half as people type, half edge cases.
import { describe, expect, it } from 'vitest';
import { words } from '@/domain/quick-add/es';
import { D, reader, type Seen } from './read';

const read = reader(words);

describe('Spanish, as people type', () => {
  it.each<[string, Seen]>([
    ['Dentista mañana a las 15', { title: 'Dentista', date: D.tomorrow, time: '15:00' }],
    ['Llamar a mamá hoy', { title: 'Llamar a mamá', date: D.today }],
    ['Gimnasio cada lunes', { title: 'Gimnasio', repeat: 'FREQ=WEEKLY;BYDAY=MO @ 2026-11-30' }],
    ['Entregar informe antes del viernes', { title: 'Entregar informe', deadline: D.fri }],
    ['Cena de Navidad el 24 de diciembre', { title: 'Cena de Navidad', date: D.dec24 }],
    ['Pagar la luz pasado mañana', { title: 'Pagar la luz', date: D.after }],
    ['Reunión el viernes a las 10:30', { title: 'Reunión', date: D.fri, time: '10:30' }],
    ['Reunión el viernes que viene', { title: 'Reunión', date: D.nextFri }],
    ['Reunión el próximo viernes', { title: 'Reunión', date: D.nextFri }],
    ['Llamar al banco a las 5 de la tarde', { title: 'Llamar al banco', date: D.today, time: '17:00' }],
    ['Correr a las 7 de la mañana', { title: 'Correr', date: D.today, time: '07:00' }],
    ['Regar las plantas cada 3 días', { title: 'Regar las plantas', repeat: 'FREQ=DAILY;INTERVAL=3 @ 2026-11-25' }],
    ['Limpiar la casa todos los sábados', { title: 'Limpiar la casa', repeat: 'FREQ=WEEKLY;BYDAY=SA @ 2026-11-28' }],
    ['Sacar la basura todos los días', { title: 'Sacar la basura', repeat: 'FREQ=DAILY @ 2026-11-25' }],
    ['Viaje en 2 semanas', { title: 'Viaje', date: D.in2w }],
    ['Médico dentro de 3 días', { title: 'Médico', date: D.in3 }],
    ['Cumpleaños de Ana el sábado', { title: 'Cumpleaños de Ana', date: D.sat }],
    ['Comprar pan para mañana', { title: 'Comprar pan', date: D.tomorrow }],
    ['Revisar correo !alta', { title: 'Revisar correo', priority: 3 }],
    ['Leche #groceries mañana', { title: 'Leche', list: 'groceries', date: D.tomorrow }],
    ['Reunión mañana a las 9 durante 45 min', { title: 'Reunión', date: D.tomorrow, time: '09:00', duration: 45 }],
    ['Yoga cada lunes y jueves', { title: 'Yoga', repeat: 'FREQ=WEEKLY;BYDAY=MO,TH @ 2026-11-26' }],
    ['Cena la semana que viene', { title: 'Cena', date: D.nextWeek }],
    ['Pagar alquiler el mes que viene', { title: 'Pagar alquiler', date: D.nextMonth }],
    ['Excursión este fin de semana', { title: 'Excursión', date: D.sat }],
    ['Almuerzo al mediodía', { title: 'Almuerzo', date: D.today, time: '12:00' }],
    ['Clase de inglés el martes a las 18:00', { title: 'Clase de inglés', date: D.tue, time: '18:00' }],
    ['Informe mensualmente', { title: 'Informe', repeat: 'FREQ=MONTHLY;BYMONTHDAY=25 @ 2026-11-25' }],
    ['Call Sam tomorrow at 5pm', { title: 'Call Sam', date: D.tomorrow, time: '17:00' }],
    ['Pagar impuestos hasta el 24/12', { title: 'Pagar impuestos', deadline: D.dec24 }],
  ])('%s', (text, seen) => expect(read(text)).toEqual(seen));
});

describe('Spanish edge cases', () => {
  it.each<[string, Seen]>([
    // accents typed or not
    ['Dentista manana a las 15', { title: 'Dentista', date: D.tomorrow, time: '15:00' }],
    ['Reunion el miercoles', { title: 'Reunion', date: D.today }],
    ['Limpiar todos los sabados', { title: 'Limpiar', repeat: 'FREQ=WEEKLY;BYDAY=SA @ 2026-11-28' }],
    ['Reunión el proximo viernes', { title: 'Reunión', date: D.nextFri }],
    ['Pagar pasado manana', { title: 'Pagar', date: D.after }],
    ['MAÑANA dentista', { title: 'dentista', date: D.tomorrow }],
    // word order
    ['Mañana a las 15 dentista', { title: 'dentista', date: D.tomorrow, time: '15:00' }],
    ['A las 9 mañana reunión', { title: 'reunión', date: D.tomorrow, time: '09:00' }],
    ['Viernes: entregar informe', { title: 'entregar informe', date: D.fri }],
    // next / this
    ['Cena este viernes', { title: 'Cena', date: D.fri }],
    ['Cena la próxima semana', { title: 'Cena', date: D.nextWeek }],
    ['Cena el viernes próximo', { title: 'Cena', date: D.nextFri }],
    // numeric dates, day first
    ['Cita 24/12', { title: 'Cita', date: D.dec24 }],
    ['Cita 24/12/2027', { title: 'Cita', date: '2027-12-24' }],
    ['Cita el 3', { title: 'Cita', date: '2026-12-03' }],
    ['Cita el día 3', { title: 'Cita', date: '2026-12-03' }],
    ['Cita el 24 de dic', { title: 'Cita', date: D.dec24 }],
    ['Cita 31/02', { title: 'Cita 31/02' }],
    // times
    ['Llamar a las 3', { title: 'Llamar', date: D.today, time: '15:00' }],
    ['Llamar a la 1', { title: 'Llamar', date: D.today, time: '13:00' }],
    ['Llamar a las 20:30', { title: 'Llamar', date: D.today, time: '20:30' }],
    ['Llamar a las 8 de la noche', { title: 'Llamar', date: D.today, time: '20:00' }],
    ['Reunión 15h', { title: 'Reunión', date: D.today, time: '15:00' }],
    // must-nots
    ['Correr por la mañana', { title: 'Correr por la mañana' }],
    ['Quedar en el Lunes bar', { title: 'Quedar en el Lunes bar' }],
    ['Viaje a Santo Domingo', { title: 'Viaje a Santo Domingo' }],
    ['Procesión del Viernes Santo', { title: 'Procesión del Viernes Santo' }],
    ['Llamar a Domingo', { title: 'Llamar a Domingo' }],
    ['Comprar 1/2 kilo de harina', { title: 'Comprar 1/2 kilo de harina' }],
    ['Añadir 3/4 taza de leche', { title: 'Añadir 3/4 taza de leche' }],
    ['Abierto 24/7', { title: 'Abierto 24/7' }],
    ['Mesa a las 9 personas', { title: 'Mesa a las 9 personas' }],
    ['Comprar 2 leches', { title: 'Comprar 2 leches' }],
    ['Ver Martes 13', { title: 'Ver Martes 13' }],
    ['Llamar a Mayo', { title: 'Llamar a Mayo' }],
    ['Dormir 8 horas', { title: 'Dormir 8 horas' }],
    ['Leer durante 45 min', { title: 'Leer durante 45 min' }],
  ])('%s', (text, seen) => expect(read(text)).toEqual(seen));
});
