//! Why Espionage refused an action, in the page's language.

use intrigue_core::games::espionage::Illegal;

use super::board::the_kind;
use crate::reasons::Reason;

impl Reason for Illegal {
    fn words(&self) -> String {
        if !crate::i18n::es() {
            return self.to_string();
        }
        match self {
            Illegal::GameOver => "La partida ha terminado.".into(),
            Illegal::ImpossibleSetUp => "Este despliegue no se puede jugar.".into(),
            Illegal::SetUpFirst => {
                "Los dos ejércitos se despliegan antes del primer movimiento.".into()
            }
            Illegal::AlreadySetUp => "Los dos ejércitos ya están desplegados.".into(),
            Illegal::OffTheBoard => "Esa casilla no está en este tablero.".into(),
            Illegal::NoPieceOn(a) => format!("No hay ninguna pieza en {a}."),
            Illegal::NotYours(a) => format!("La pieza de {a} no es tuya."),
            Illegal::NeverMoves(kind) => {
                crate::i18n::cap(&format!("{} nunca se mueve.", the_kind(*kind)))
            }
            Illegal::BothMovesMade => {
                "Ya hiciste los dos movimientos de este turno: envía el turno.".into()
            }
            Illegal::MovedAlready => {
                "Esta pieza ya se movió en este turno: mueve otra.".into()
            }
            Illegal::NotAStep { from, to } => format!(
                "Una pieza avanza una casilla en línea recta: de {from} a {to} no es un paso."
            ),
            Illegal::IntoAVolcano(b) => format!("Nada puede entrar en el volcán de {b}."),
            Illegal::NoReturn(b) => format!(
                "Esta pieza salió de {b} en el turno anterior: no puede volver allí hasta el siguiente."
            ),
            Illegal::NotNow { from, to } => {
                format!("De {from} a {to} no es un movimiento legal ahora.")
            }
            Illegal::MoveFirst => "Primero haz tus dos movimientos.".into(),
            Illegal::SecondMoveFirst => {
                "Otra pieza aún puede moverse: haz primero el segundo movimiento.".into()
            }
        }
    }
}
