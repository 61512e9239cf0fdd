#include "datapath_view.hpp"

#include <QPainter>
#include <QPainterPath>

#include <initializer_list>
#include <vector>

namespace asmlab::gui {
namespace {

using lc3sim::MicroField;
namespace mux = lc3sim::mux;

// The drawing is laid out on a fixed canvas and scaled to the widget.
constexpr double kWidth = 1040, kHeight = 520;
constexpr double kBusY = 36, kGateTop = 46, kGateBottom = 62;

QString hex(uint16_t v) { return QString("x%1").arg(v, 4, 16, QChar('0')).toUpper().replace("X", "x"); }

struct Painter {
  QPainter& p;
  QColor text, dim, active, loaded, background;

  void line(std::initializer_list<QPointF> points, bool on, bool arrow = false) {
    p.setPen(QPen(on ? active : dim, on ? 3.0 : 1.2, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    std::vector<QPointF> pts(points);
    for (size_t i = 1; i < pts.size(); ++i) p.drawLine(pts[i - 1], pts[i]);
    if (arrow && pts.size() >= 2) {
      const QPointF tip = pts.back(), from = pts[pts.size() - 2];
      const QPointF d = tip - from;
      const double len = std::hypot(d.x(), d.y());
      if (len > 0) {
        const QPointF u = d / len, n(-u.y(), u.x());
        const double s = on ? 7 : 5;
        QPolygonF head({tip, tip - u * s + n * s * 0.6, tip - u * s - n * s * 0.6});
        p.setBrush(on ? active : dim);
        p.drawPolygon(head);
        p.setBrush(Qt::NoBrush);
      }
    }
  }

  void box(const QRectF& r, const QString& title, const QString& value, bool load) {
    p.setPen(QPen(load ? loaded.darker(130) : text, load ? 2.2 : 1.2));
    QColor fill = load ? loaded : background;
    if (load) fill.setAlpha(90);
    p.setBrush(fill);
    p.drawRect(r);
    p.setBrush(Qt::NoBrush);
    QFont f = p.font();
    f.setPointSizeF(9);
    p.setFont(f);
    p.setPen(dim);
    p.drawText(r.adjusted(4, 1, -2, 0), Qt::AlignLeft | Qt::AlignTop, title + (load ? "  LD" : ""));
    f.setPointSizeF(12);
    f.setBold(load);
    p.setFont(f);
    p.setPen(text);
    p.drawText(r.adjusted(2, 10, -2, 0), Qt::AlignCenter, value);
    f.setBold(false);
    p.setFont(f);
  }

  // A multiplexer: a trapezoid with its name, and its inputs listed under it (the selected one
  // marked when the multiplexer's choice matters this clock).
  void multiplexer(const QRectF& r, const QString& name, const QStringList& inputs, int selected, bool used) {
    QPolygonF shape({r.topLeft() + QPointF(10, 0), r.topRight() - QPointF(10, 0), r.bottomRight(), r.bottomLeft()});
    p.setPen(QPen(used ? active : text, used ? 2.0 : 1.2));
    p.setBrush(background);
    p.drawPolygon(shape);
    p.setBrush(Qt::NoBrush);
    QFont f = p.font();
    f.setPointSizeF(9);
    p.setFont(f);
    p.setPen(text);
    p.drawText(r, Qt::AlignCenter, name);
    f.setPointSizeF(8.5);
    const double w = r.width() / std::max<int>(1, static_cast<int>(inputs.size()));
    for (int i = 0; i < inputs.size(); ++i) {
      const QRectF cell(r.left() + i * w - 4, r.bottom() + 1, w + 8, 14);
      const bool chosen = used && i == selected;
      f.setBold(chosen);
      p.setFont(f);
      p.setPen(chosen ? active : dim);
      p.drawText(cell, Qt::AlignHCenter | Qt::AlignTop, inputs[i]);
    }
    f.setBold(false);
    p.setFont(f);
  }

  // A tri-state gate onto the bus at x: a triangle pointing up, filled while it drives; its name
  // beside it (on the left when `leftLabel`, near the right edge).
  void gate(double x, const QString& name, bool on, double fromY, bool leftLabel = false) {
    line({QPointF(x, fromY), QPointF(x, kGateBottom)}, on);
    line({QPointF(x, kGateTop), QPointF(x, kBusY)}, on);
    QPolygonF tri({QPointF(x, kGateTop), QPointF(x - 8, kGateBottom), QPointF(x + 8, kGateBottom)});
    p.setPen(QPen(on ? active : text, 1.2));
    p.setBrush(on ? active : background);
    p.drawPolygon(tri);
    p.setBrush(Qt::NoBrush);
    QFont f = p.font();
    f.setPointSizeF(8.5);
    f.setBold(on);
    p.setFont(f);
    p.setPen(on ? active : dim);
    if (leftLabel) p.drawText(QRectF(x - 90, kGateTop, 80, 16), Qt::AlignRight | Qt::AlignVCenter, name);
    else p.drawText(QRectF(x + 9, kGateTop, 90, 16), Qt::AlignLeft | Qt::AlignVCenter, name);
    f.setBold(false);
    p.setFont(f);
  }

  void label(const QRectF& r, const QString& t, bool strong = false, Qt::Alignment a = Qt::AlignLeft | Qt::AlignVCenter) {
    QFont f = p.font();
    f.setPointSizeF(10);
    f.setBold(strong);
    p.setFont(f);
    p.setPen(strong ? active : text);
    p.drawText(r, a, t);
    f.setBold(false);
    p.setFont(f);
  }
};

}  // namespace

DatapathView::DatapathView(QWidget* parent) : QWidget(parent) { setMinimumSize(520, 280); }

void DatapathView::show(const DatapathState& state) {
  state_ = state;
  update();
}

void DatapathView::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  const QPalette& pal = palette();
  painter.fillRect(rect(), pal.color(QPalette::Base));
  Painter d{painter, pal.color(QPalette::Text), pal.color(QPalette::PlaceholderText), QColor(230, 120, 0),
            QColor(40, 170, 80), pal.color(QPalette::Base)};
  if (!state_.valid) {
    d.label(QRectF(rect()), "The datapath is drawn for LC-3 programs on the micro engine\n(asmlab-gui --engine micro, or "
                            "Debug > LC-3 micro engine).",
            false, Qt::AlignCenter);
    return;
  }
  const double scale = std::min(width() / kWidth, height() / kHeight);
  painter.translate((width() - kWidth * scale) / 2, (height() - kHeight * scale) / 2);
  painter.scale(scale, scale);

  const lc3sim::MicroView& v = state_.view;
  const lc3sim::MicroInstruction& row = v.row;
  auto on = [&](MicroField f) { return row[f] != 0; };
  const bool ldPc = on(MicroField::LdPc), ldReg = on(MicroField::LdReg);
  const bool adderUsed = (on(MicroField::GateMarmux) && row[MicroField::MarMux] == mux::kMarAdder) ||
                         (ldPc && row[MicroField::PcMux] == mux::kPcAdder);
  const bool sr1Used = on(MicroField::GateAlu) || (adderUsed && row[MicroField::Addr1Mux] == mux::kAddr1BaseR) ||
                       on(MicroField::LdSavedSsp) || on(MicroField::LdSavedUsp) ||
                       (on(MicroField::GateSp) && row[MicroField::SpMux] <= mux::kSpMinus1);
  const unsigned dr = row[MicroField::DrMux] == mux::kDrIr11 ? (v.ir >> 9) & 7 : row[MicroField::DrMux] == mux::kDrR7 ? 7 : 6;
  const unsigned sr1 =
      row[MicroField::Sr1Mux] == mux::kSr1Ir11 ? (v.ir >> 9) & 7 : row[MicroField::Sr1Mux] == mux::kSr1Ir8 ? (v.ir >> 6) & 7 : 6;
  const bool immediate = (v.ir & 0x20) != 0;

  // The bus.
  d.line({QPointF(20, kBusY), QPointF(kWidth - 10, kBusY)}, v.busDriven);
  d.label(QRectF(24, 4, 300, 22), v.busDriven ? "BUS = " + hex(v.bus) : "BUS (not driven)", v.busDriven);
  d.label(QRectF(kWidth - 330, 4, 320, 22),
          QString("state %1 -> %2").arg(v.state).arg(v.nextState), true, Qt::AlignRight | Qt::AlignVCenter);

  // PC, PC-1, PCMUX and +1.
  d.box(QRectF(40, 90, 90, 30), "PC", hex(state_.pc), ldPc);
  d.gate(85, "GatePC", on(MicroField::GatePc), 90);
  d.box(QRectF(150, 90, 60, 30), "PC-1", hex(v.pcMinus1), false);
  d.gate(180, "GatePC-1", on(MicroField::GatePcMinus1), 90);
  d.multiplexer(QRectF(40, 170, 90, 22), "PCMUX", {"+1", "BUS", "ADDER"}, row[MicroField::PcMux], ldPc);
  d.line({QPointF(85, 170), QPointF(85, 120)}, ldPc, true);
  if (ldPc) d.label(QRectF(90, 140, 120, 20), "PC <- " + hex(v.pcmuxOut), true);

  // Address adder with ADDR1MUX and ADDR2MUX; MARMUX.
  d.multiplexer(QRectF(180, 330, 80, 22), "ADDR1MUX", {"PC", "BaseR"}, row[MicroField::Addr1Mux], adderUsed);
  d.multiplexer(QRectF(275, 330, 110, 22), "ADDR2MUX", {"0", "off6", "off9", "off11"}, row[MicroField::Addr2Mux], adderUsed);
  d.box(QRectF(210, 390, 150, 28), "ADDRESS ADDER", hex(v.adderOut), false);
  d.line({QPointF(220, 352), QPointF(250, 390)}, adderUsed, true);
  d.line({QPointF(330, 352), QPointF(320, 390)}, adderUsed, true);
  const bool adderToPc = ldPc && row[MicroField::PcMux] == mux::kPcAdder;
  d.line({QPointF(210, 404), QPointF(115, 404), QPointF(115, 205)}, adderToPc, true);
  const bool marmux = on(MicroField::GateMarmux);
  const bool adderToMar = marmux && row[MicroField::MarMux] == mux::kMarAdder;
  d.line({QPointF(360, 404), QPointF(385, 404), QPointF(385, 195)}, adderToMar, true);
  d.multiplexer(QRectF(300, 170, 110, 22), "MARMUX", {"ZEXT[7:0]", "ADDER"}, row[MicroField::MarMux], marmux);
  d.gate(355, "GateMARMUX", marmux, 170);

  // Register file, SR2MUX and the ALU.
  const QRectF regs(430, 80, 205, 150);
  d.box(regs, "REG FILE", "", ldReg);
  for (unsigned r = 0; r < 8; ++r) {
    const QRectF cell(regs.left() + 6, regs.top() + 17 + r * 16.5, regs.width() - 12, 16);
    const bool written = ldReg && r == dr;
    const bool read = (sr1Used && r == sr1) || (on(MicroField::GateAlu) && !immediate && r == (v.ir & 7u));
    d.label(cell, QString("R%1  %2%3").arg(r).arg(hex(state_.regs[r])).arg(written ? "  <- " + hex(v.bus) : read ? "  out" : ""),
            written || read);
  }
  d.line({QPointF(530, kBusY), QPointF(530, 80)}, ldReg, true);
  if (ldReg) d.label(QRectF(478, 232, 110, 16), QString("DR = R%1").arg(dr), true);
  d.line({QPointF(470, 230), QPointF(470, 290)}, sr1Used, true);
  d.line({QPointF(470, 250), QPointF(220, 250), QPointF(220, 330)},
         sr1Used && adderUsed && row[MicroField::Addr1Mux] == mux::kAddr1BaseR, true);
  const bool alu = on(MicroField::GateAlu);
  d.multiplexer(QRectF(545, 250, 80, 22), "SR2MUX", {"SR2", "IMM5"}, immediate ? 1 : 0, alu);
  d.line({QPointF(585, 272), QPointF(585, 290)}, alu, true);
  static const char* kAluOps[] = {"ADD", "AND", "NOT", "PASSA"};
  d.box(QRectF(450, 290, 170, 30), QString("ALU  %1").arg(kAluOps[row[MicroField::Aluk] & 3]), hex(v.aluOut), false);
  d.gate(645, "GateALU", alu, 305);
  d.line({QPointF(620, 305), QPointF(645, 305)}, alu);

  // IR, the condition codes, BEN and ACV.
  const bool ldIr = on(MicroField::LdIr), ldCc = on(MicroField::LdCc);
  d.box(QRectF(660, 80, 110, 30), "IR", hex(v.ir), ldIr);
  d.line({QPointF(715, kBusY), QPointF(715, 80)}, ldIr, true);
  const uint16_t cc = state_.psr & 7;
  d.box(QRectF(660, 140, 110, 28), "N Z P", QString("%1 %2 %3").arg(cc >> 2 & 1).arg(cc >> 1 & 1).arg(cc & 1), ldCc);
  d.line({QPointF(755, kBusY), QPointF(755, 140)}, ldCc, true);
  d.box(QRectF(660, 190, 50, 28), "BEN", QString::number(v.ben), on(MicroField::LdBen));
  d.box(QRectF(720, 190, 50, 28), "ACV", QString::number(v.acv), on(MicroField::LdAcv));

  // MAR, MDR and the memory.
  const bool ldMar = on(MicroField::LdMar), ldMdr = on(MicroField::LdMdr);
  d.box(QRectF(805, 80, 80, 30), "MAR", hex(v.mar), ldMar);
  d.line({QPointF(845, kBusY), QPointF(845, 80)}, ldMar, true);
  d.box(QRectF(900, 80, 90, 30), "MDR", hex(v.mdr), ldMdr && (!v.memoryAccess || v.ready));
  d.line({QPointF(925, kBusY), QPointF(925, 80)}, ldMdr && !v.memoryAccess, true);
  d.gate(975, "GateMDR", on(MicroField::GateMdr), 80, true);
  const QRectF memory(815, 160, 175, 80);
  d.box(memory, "MEMORY", "", v.memoryAccess);
  if (v.memoryAccess) {
    d.label(memory.adjusted(8, 14, 0, 0).adjusted(0, 0, 0, -46), QString("%1 M[%2]").arg(v.memoryWrite ? "write" : "read", hex(v.mar)));
    d.label(memory.adjusted(8, 32, 0, 0).adjusted(0, 0, 0, -30),
            QString("clock %1 of %2: R = %3").arg(v.memoryClock).arg(v.memoryLatency).arg(v.ready ? 1 : 0), v.ready);
  } else {
    d.label(memory.adjusted(8, 20, 0, 0), QString("idle (M = %1)").arg(v.memoryLatency));
  }
  d.line({QPointF(845, 110), QPointF(845, 160)}, v.memoryAccess, true);
  if (v.memoryWrite) d.line({QPointF(945, 110), QPointF(945, 160)}, v.memoryAccess, true);
  else d.line({QPointF(945, 160), QPointF(945, 110)}, v.memoryAccess && v.ready && ldMdr, true);

  // PSR, the stack pointers and the vector (Figure C.8).
  const bool ldPsr = on(MicroField::LdPriv) || on(MicroField::LdPriority) || ldCc;
  d.box(QRectF(660, 380, 120, 30), "PSR", hex(state_.psr), ldPsr);
  d.label(QRectF(660, 412, 230, 16),
          QString("%1, priority %2, INT %3").arg(state_.psr & 0x8000 ? "user" : "supervisor").arg(state_.psr >> 8 & 7).arg(v.interrupt ? 1 : 0),
          v.interrupt);
  d.line({QPointF(780, 395), QPointF(795, 395), QPointF(795, kGateBottom)}, on(MicroField::GatePsr));
  d.gate(795, "GatePSR", on(MicroField::GatePsr), kGateBottom, true);
  const bool gateSp = on(MicroField::GateSp);
  d.multiplexer(QRectF(660, 470, 140, 22), "SPMUX", {"SP+1", "SP-1", "SSP", "USP"}, row[MicroField::SpMux], gateSp);
  d.box(QRectF(815, 440, 80, 26), "Saved.SSP", hex(state_.savedSsp), on(MicroField::LdSavedSsp));
  d.box(QRectF(905, 440, 80, 26), "Saved.USP", hex(state_.savedUsp), on(MicroField::LdSavedUsp));
  d.line({QPointF(800, 481), QPointF(1005, 481), QPointF(1005, kGateBottom)}, gateSp);
  d.gate(1005, "", gateSp, kGateBottom);
  d.label(QRectF(880, 484, 120, 16), "GateSP", gateSp, Qt::AlignRight | Qt::AlignVCenter);
  const bool ldVector = on(MicroField::LdVector);
  d.box(QRectF(815, 380, 170, 30), "TABLE'VECTOR", hex(static_cast<uint16_t>(v.table << 8 | v.vector)), ldVector);
  d.line({QPointF(985, 395), QPointF(1025, 395), QPointF(1025, kGateBottom)}, on(MicroField::GateVector));
  d.gate(1025, "", on(MicroField::GateVector), kGateBottom);
  d.label(QRectF(880, 358, 140, 18), "GateVector", on(MicroField::GateVector), Qt::AlignRight | Qt::AlignVCenter);
}

}  // namespace asmlab::gui
