"""Seed data: the demo tenant's knowledge base (356782): a catalogue and the procedures of the demo plant's
equipment (demo.data.plant), in Chinese and English, so a search and the assistant have something to find.

Catalogue rows: (key, parent key, name). Entries: (catalogue key, title, tags, summary, HTML content).
"""

CATALOGUES: list[tuple[str, str | None, str]] = [
    ("ops", None, "操作规程 / Operating procedures"),
    ("ops.pumps", "ops", "泵 / Pumps"),
    ("ops.reaction", "ops", "反应 / Reaction"),
    ("ops.utilities", "ops", "公用工程 / Utilities"),
    ("maint", None, "设备维护 / Maintenance"),
    ("safety", None, "安全 / Safety"),
]

ENTRIES: list[tuple[str, str, str, str, str]] = [
    ("ops.pumps", "进料泵 P-101A/B 振动高处置规程", "P-101A,P-101B,振动,VIBRATION",
     "P-101A 轴承振动超过 7.1 mm/s(ISO 10816 C 区)时的检查与切泵步骤。",
     "<h2>适用范围</h2><p>进料泵 P-101A(主泵)与 P-101B(备用泵),80 m³/h 离心泵。</p>"
     "<h2>报警</h2><p>振动 VIBRATION ≥ 7.1 mm/s 高报,≥ 11.2 mm/s 高高报。</p>"
     "<h2>处置步骤</h2><ol><li>现场确认振动值与异响,测量轴承温度(BEARING_TEMP)。</li>"
     "<li>检查入口压力 SUCT_PRES,排除汽蚀:入口过滤器压差大时清洗过滤器。</li>"
     "<li>检查地脚螺栓与联轴器对中。</li>"
     "<li>振动持续高于 7.1 mm/s:启动备用泵 P-101B,确认出口压力稳定后停 P-101A 并挂牌。</li>"
     "<li>通知设备部进行频谱分析,记录在点检记录中。</li></ol>"),
    ("ops.pumps", "Feed pump P-101A/B duty/standby changeover", "P-101A,P-101B,changeover,pump",
     "How to switch the feed duty from P-101A to P-101B (and back) without losing reactor feed.",
     "<h2>Before you start</h2><ul><li>Tell the control room; reactor R-101 feed must not drop below 40 m³/h.</li>"
     "<li>Check that P-101B is lined up: suction valve open, discharge valve closed, casing vented.</li></ul>"
     "<h2>Steps</h2><ol><li>Start P-101B against a closed discharge valve; check motor current and discharge "
     "pressure (DISCH_PRES about 5 bar).</li><li>Open the P-101B discharge valve slowly while closing the P-101A "
     "discharge valve; keep the flow (FLOW) steady.</li><li>Stop P-101A, close its suction valve if it goes to "
     "maintenance, and lock out the motor.</li></ol><p>Switch duty every month so the standby pump stays "
     "ready.</p>"),
    ("ops.pumps", "Pump bearing temperature high: checks", "P-101A,bearing,temperature,BEARING_TEMP",
     "What to check when a pump bearing runs above 85 °C.",
     "<p>Bearing temperature (BEARING_TEMP) high alarm at 85 °C, trip at 95 °C.</p><ol><li>Check the oil level in "
     "the bearing housing and the oil colour; top up or change the oil.</li><li>Check vibration: a rising "
     "vibration with temperature points to bearing damage.</li><li>Check coupling alignment after any motor "
     "work.</li><li>Above 95 °C stop the pump and change over to the standby.</li></ol>"),
    ("ops.reaction", "反应釜 R-101 超温处置", "R-101,温度,超温,TEMP",
     "反应温度超过 95 ℃ 高报或 110 ℃ 高高报时的紧急处置。",
     "<h2>处置</h2><ol><li>立即加大夹套冷却水流量,确认冷却水出口温度下降。</li>"
     "<li>降低进料泵 P-101A 流量,必要时停止进料。</li><li>确认搅拌运行(RUN);搅拌停止时严禁继续进料。</li>"
     "<li>温度持续上升至 110 ℃:启动紧急泄压程序并通知值班长。</li></ol>"),
    ("ops.utilities", "Air compressor K-101 high discharge temperature", "K-101,compressor,DISCH_TEMP",
     "Causes and actions when K-101 discharge temperature exceeds 100 °C.",
     "<p>Likely causes: a blocked oil cooler, low oil level, a dirty air filter or high room temperature.</p>"
     "<ol><li>Check the oil level and the oil filter differential pressure.</li><li>Clean the cooler fins; check "
     "the cooling fan.</li><li>At 110 °C the compressor trips: start the standby air supply.</li></ol>"),
    ("ops.utilities", "储罐 TK-201 液位报警处理", "TK-201,液位,LEVEL",
     "进料储罐液位高于 90% 或低于 15% 时的处理。",
     "<p>高液位:暂停卸车,确认进料阀关闭,检查液位计是否失灵。</p>"
     "<p>低液位:提前安排卸车;液位低于 5% 时停进料泵 P-101A,防止泵抽空。</p>"),
    ("maint", "Feed pre-heater E-101 fouling and cleaning", "E-101,heat exchanger,fouling",
     "Signs of fouling and the cleaning procedure for the shell-and-tube pre-heater.",
     "<p>Fouling shows as a falling feed outlet temperature at the same steam flow.</p><ol><li>Isolate and drain "
     "both sides.</li><li>Remove the channel head and clean the tubes with a high-pressure water jet.</li><li>"
     "Pressure test before returning to service.</li></ol>"),
    ("safety", "设备点检与润滑管理制度", "点检,润滑,维护",
     "旋转设备每班点检、每月润滑的要求。",
     "<ul><li>每班点检:振动、温度、泄漏、异响,记录在点检表。</li><li>每月润滑:按润滑图表加注指定牌号润滑油。</li>"
     "<li>发现异常立即报告设备部。</li></ul>"),
]
