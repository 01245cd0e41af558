//! The front end: the syntax tree read, names resolved, every declaration checked and
//! lowered to the IR (the board, zones, players, pieces and directions each in its own module).

pub(crate) mod blocker;
pub(crate) mod board;
pub(crate) mod cell_classes;
pub(crate) mod centres;
pub(crate) mod check;
pub(crate) mod directions;
pub(crate) mod draft;
pub(crate) mod drawing;
pub(crate) mod explosion;
pub(crate) mod game_name;
pub(crate) mod goals;
pub(crate) mod groups;
pub(crate) mod lower;
pub(crate) mod material;
pub(crate) mod movement;
pub(crate) mod parse;
pub(crate) mod pieces;
pub(crate) mod players;
pub(crate) mod resolve;
pub(crate) mod shape;
pub(crate) mod zones;
